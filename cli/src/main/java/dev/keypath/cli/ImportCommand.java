package dev.keypath.cli;

import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.export.ImportResult;
import dev.keypath.export.TableImporter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code keypath import}: loads an export (DynamoDB's S3 export copied down, or {@code keypath export}'s) into a
 * table with {@link TableImporter}, resumable with a checkpoint file, showing a progress bar on standard error.
 */
@Command(name = "import",
        mixinStandardHelpOptions = true,
        description = {
            "Loads an export in DynamoDB's S3 export format (DYNAMODB_JSON) into a table.",
            "",
            "DIR is the export's directory (holding manifest-summary.json) or one holding a single export under "
            + "AWSDynamoDB/. Every data file is first checked against the manifests (MD5, etag, item count, each "
            + "line) and every item's key is decoded as a key path, so a damaged export, or one of a string-keyed "
            + "table, writes nothing and creates no table (the error names the file and line); then the items are "
            + "written as they were stored with "
            + "BatchWriteItem (unprocessed items and throttling retried). Puts replace the item at their key, so "
            + "importing again changes nothing.",
            "",
            "With --checkpoint FILE the finished data files and the last stored line are recorded in FILE; run the "
            + "same command again after a failure or a kill and it goes on where it stopped.",
        },
        footer = {"",
            "Progress goes to standard error: a bar against the export's item count, the items done and the rate, "
            + "then 'imported N items in T s'. Standard output gets one line: the items written and passed over.",
            "",
            "Credentials and region as for 'keypath scan'.",
            "",
            "Example: keypath import --endpoint http://localhost:8000 --table app-copy --in /backups/app "
            + "--checkpoint app-copy.checkpoint --create-table%n"},
        exitCodeListHeading = Help.EXIT_HEADING,
        exitCodeList = {"0:every item of the export is stored",
            "1:the export is damaged, or the table could not be written (see the 'error: ' line)",
            Help.EXIT_USAGE})
final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceEndpoint endpoint;

    @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table to load.")
    String table;

    @Option(names = "--in", required = true, paramLabel = "DIR", description = "The export to load.")
    Path in;

    @Option(names = "--checkpoint", paramLabel = "FILE",
            description = "Record progress in FILE and resume from it (created if absent).")
    Path checkpoint;

    @Option(names = "--create-table",
            description = "Create the table if it does not exist, once the export is checked (binary pk/sk, "
                    + "on-demand, TTL on _ttl; secondary indexes are not in an export and are not created).")
    boolean createTable;

    @Option(names = "--batch-size", paramLabel = "N", defaultValue = "500",
            description = "Items per checkpoint record (default: ${DEFAULT-VALUE}).")
    int batchSize;

    private final ScanClients clients;
    private final ScanProgress.Clock clock;

    ImportCommand(ScanClients clients, ScanProgress.Clock clock) {
        this.clients = clients;
        this.clock = clock;
    }

    @Override
    public Integer call() {
        endpoint.checked();
        if (batchSize < 1) {
            throw new ParameterException(spec.commandLine(),
                    "Invalid value for option '--batch-size': must be at least 1, got " + batchSize);
        }
        PrintWriter err = spec.commandLine().getErr();
        TransferProgress progress = new TransferProgress(err, clock, System.console() != null, "imported");
        try (DynamoDbClient client = clients.create(endpoint.uri(), endpoint.region())) {
            KeyPathTable target = KeyPathTables.builder().client(client).tableName(table).build();
            ImportResult done = TableImporter.builder().table(target).directory(in).checkpoint(checkpoint)
                    .batchSize(batchSize).createTable(createTable).progress(progress).build().run();
            progress.finish(done.written() + done.passedOver());
            spec.commandLine().getOut().println("imported " + done.written() + " items from export "
                    + done.exportId() + (done.passedOver() > 0 ? " (" + done.passedOver()
                    + " already stored by an earlier run)" : ""));
            spec.commandLine().getOut().flush();
            return 0;
        } catch (KeyPathDynamoException e) { // a damaged export, a bad checkpoint, or a batch past its deadline
            err.println(InputLoop.ERROR_PREFIX + e.getMessage());
        } catch (SdkException e) {
            err.println(InputLoop.ERROR_PREFIX + "cannot import into table '" + table + "' at " + endpoint + ": "
                    + e.getMessage());
        } catch (UncheckedIOException e) {
            err.println(InputLoop.ERROR_PREFIX + "cannot read or record the import: " + e.getMessage());
        }
        err.flush();
        return 1;
    }
}
