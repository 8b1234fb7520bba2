package dev.keypath.cli;

import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.migrate.CheckpointStore;
import dev.keypath.migrate.RewriteRun;
import dev.keypath.migrate.SchemaRewrite;
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
 * {@code keypath migrate rewrite}: rewrites every item of one item type at the type's current version with
 * keypath-migrate's {@link SchemaRewrite}; this class only loads the type, reads the options and prints the report.
 */
@Command(name = "rewrite", mixinStandardHelpOptions = true,
        description = {"Rewrites every stored item of an item type at the type's current version "
                + "(@ItemType(version = ...)), in place, in parallel scan segments within the capacity budgets. Each "
                + "item is upgraded by the type's declared history and written with one conditional update of the "
                + "attributes that change, so a concurrent writer's change is never overwritten. The checkpoint file "
                + "lets a stopped run resume. Run it once every instance of the application reads the current "
                + "version."},
        footer = {"", "Example: keypath migrate rewrite --endpoint http://localhost:8000 --table app "
                + "--type com.example.Member --class-path app.jar --write-capacity 200 --checkpoint rewrite.json%n"},
        exitCodeListHeading = Help.EXIT_HEADING,
        exitCodeList = {"0:every item of the type is at its current version",
            "1:items that cannot be upgraded were left behind (a newer version, a change that fails on them), or the "
                + "run stopped (a missing or string-keyed table, a checkpoint of another run, a table error)",
            "2:usage error, or the type cannot be loaded or has no valid @ItemType"})
final class MigrateRewriteCommand implements Callable<Integer> {
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

    @Option(names = "--segments", paramLabel = "N", defaultValue = "4",
            description = "Parallel scan segments, one thread each (default: ${DEFAULT-VALUE}).")
    int segments;

    @Option(names = "--read-capacity", paramLabel = "RCU", defaultValue = "0",
            description = "Read capacity units per second for all segments together; 0 for no limit.")
    double readCapacity;

    @Option(names = "--write-capacity", paramLabel = "WCU", defaultValue = "0",
            description = "Write capacity units per second for all segments together; 0 for no limit.")
    double writeCapacity;

    @Option(names = "--page-size", paramLabel = "ITEMS", defaultValue = "500",
            description = "Items per page: the checkpoint's step (default: ${DEFAULT-VALUE}).")
    int pageSize;

    @Option(names = "--checkpoint", paramLabel = "FILE",
            description = "The checkpoint file, created or resumed (without it, a stopped run starts over).")
    Path checkpoint;

    private final ScanClients clients;

    MigrateRewriteCommand() {
        this(ScanClients.DEFAULT);
    }

    MigrateRewriteCommand(ScanClients clients) {
        this.clients = clients;
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
            SchemaRewrite.Builder builder;
            try {
                builder = SchemaRewrite.builder().client(client).table(table).type(schema).segments(segments)
                        .pageSize(pageSize).readCapacity(readCapacity).writeCapacity(writeCapacity);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            if (checkpoint != null) {
                builder.checkpoint(CheckpointStore.file(checkpoint));
            }
            RewriteRun run = builder.build().run();
            out.print(run.describe());
            out.flush();
            if (run.complete()) {
                return 0;
            }
            err.println(InputLoop.ERROR_PREFIX + run.unreadable() + " items of " + schema.typeName()
                    + " cannot be upgraded and were left as they are");
            err.flush();
            return 1;
        } catch (KeyPathDynamoException e) {
            err.println(InputLoop.ERROR_PREFIX + e.getMessage());
            err.flush();
            return 1;
        } catch (SdkException | java.io.UncheckedIOException e) {
            err.println(InputLoop.ERROR_PREFIX + "rewrite of '" + table + "' at " + endpoint + " failed: "
                    + e.getMessage());
            err.flush();
            return 1;
        }
    }

    private Class<?> load() throws ClassNotFoundException, MalformedURLException {
        ClassLoader parent = MigrateRewriteCommand.class.getClassLoader();
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
