package dev.keypath.cli;

import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.migrate.CheckpointStore;
import java.io.PrintWriter;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The options and the frame of a command that runs over the stored items of one item type in a key-path table
 * ({@code keypath migrate rewrite}, {@code keypath migrate reshard}): loads the type, reads the options, opens the
 * client, and turns the library's failures into messages and exit codes; the command itself builds and runs its
 * keypath-migrate run and prints its report.
 */
abstract class TypeRunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceEndpoint endpoint;

    @Option(names = "--table", required = true, paramLabel = "TABLE", description = "The key-path table.")
    String table;

    @Option(names = "--type", required = true, paramLabel = "CLASS",
            description = "The @ItemType class, by its binary name (com.example.Member, com.example.App$Member).")
    String type;

    @Option(names = "--class-path", paramLabel = "PATH", split = "${sys:path.separator}",
            description = "Jars and directories holding the class and what it needs, besides the tool's own.")
    List<Path> classPath = new ArrayList<>();

    @Mixin
    RunBudget budget;

    @Option(names = "--page-size", paramLabel = "ITEMS", defaultValue = "500",
            description = "Items per page: the checkpoint's step (default: ${DEFAULT-VALUE}).")
    int pageSize;

    @Option(names = "--checkpoint", paramLabel = "FILE",
            description = "The checkpoint file, created or resumed (without it, a stopped run starts over).")
    Path checkpoint;

    private final ScanClients clients;
    private final String what;

    /** @param what the run's name in failure messages ("rewrite") */
    TypeRunCommand(ScanClients clients, String what) {
        this.clients = clients;
        this.what = what;
    }

    /**
     * Builds and runs the command's run over {@code schema}'s items, prints its report to {@code out}; the exit
     * code. An {@link IllegalArgumentException} is a usage error.
     */
    abstract int run(DynamoDbClient client, ItemSchema<?> schema, PrintWriter out, PrintWriter err);

    /** The checkpoint store of {@code --checkpoint}, or null when none is named. */
    CheckpointStore checkpointStore() {
        return checkpoint == null ? null : CheckpointStore.file(checkpoint);
    }

    @Override
    public Integer call() {
        endpoint.checked();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ItemSchema<?> schema;
        try {
            schema = ItemSchemas.of(load());
        } catch (ClassNotFoundException | MalformedURLException | LinkageError e) {
            err.println(InputLoop.ERROR_PREFIX + "cannot load type " + type + ": " + e);
            err.flush();
            return 2;
        } catch (ItemMappingException e) {
            err.println(InputLoop.ERROR_PREFIX + type + ": " + e.getMessage());
            err.flush();
            return 2;
        }
        try (DynamoDbClient client = clients.create(endpoint.uri(), endpoint.region())) {
            return run(client, schema, out, err);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        } catch (ItemMappingException e) {
            err.println(InputLoop.ERROR_PREFIX + type + ": " + e.getMessage());
            err.flush();
            return 2;
        } catch (KeyPathDynamoException e) {
            err.println(InputLoop.ERROR_PREFIX + e.getMessage());
            err.flush();
            return 1;
        } catch (SdkException | java.io.UncheckedIOException e) {
            err.println(InputLoop.ERROR_PREFIX + what + " of '" + table + "' at " + endpoint + " failed: "
                    + e.getMessage());
            err.flush();
            return 1;
        }
    }

    private Class<?> load() throws ClassNotFoundException, MalformedURLException {
        ClassLoader parent = TypeRunCommand.class.getClassLoader();
        if (classPath.isEmpty()) {
            return Class.forName(type, true, parent);
        }
        URL[] urls = new URL[classPath.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = classPath.get(i).toUri().toURL();
        }
        return Class.forName(type, true, new URLClassLoader(urls, parent));
    }
}
