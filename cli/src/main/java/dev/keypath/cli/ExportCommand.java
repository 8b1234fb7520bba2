package dev.keypath.cli;

import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.export.ExportDirectory;
import dev.keypath.export.TableExporter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code keypath export}: writes a table to a directory in DynamoDB's S3 export format with
 * {@link TableExporter}, showing a progress bar on standard error.
 */
@Command(name = "export",
        mixinStandardHelpOptions = true,
        description = {
            "Writes every item of a key-path table to DIR in DynamoDB's S3 export format (DYNAMODB_JSON); a table "
            + "whose keys are not pk and sk binary is refused before anything is written.",
            "",
            "The export goes to DIR/AWSDynamoDB/EXPORT_ID/: data/*.json.gz (gzip, one {\"Item\": {...}} per line "
            + "in DynamoDB's typed JSON, binary as base64), manifest-files.json (per data file its itemCount, "
            + "md5Checksum and etag), manifest-summary.json (the table, the times, the itemCount), each manifest "
            + "with its .checksum. The table is read with a parallel Scan of --segments segments; items written "
            + "meanwhile may or may not be in the export. Standard output gets the export's directory.",
        },
        footer = {"",
            "Progress goes to standard error: a bar against DescribeTable's approximate item count, the items done "
            + "and the rate, then 'exported N items in T s'.",
            "",
            "Credentials and region as for 'keypath scan'.",
            "",
            "Example: keypath export --endpoint http://localhost:8000 --table app --out /backups/app%n"},
        exitCodeListHeading = Help.EXIT_HEADING,
        exitCodeList = {"0:the table was exported",
            "1:the table is not a key-path table (nothing is written), could not be read, or the files could not "
                + "be written (see the 'error: ' line)",
            Help.EXIT_USAGE})
final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceEndpoint endpoint;

    @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table to export.")
    String table;

    @Option(names = "--out", required = true, paramLabel = "DIR",
            description = "The directory to write AWSDynamoDB/EXPORT_ID/ under (created if absent).")
    Path out;

    @Option(names = "--segments", paramLabel = "N", defaultValue = "4",
            description = "Parallel scan segments, one thread each (default: ${DEFAULT-VALUE}).")
    int segments;

    private final ScanClients clients;
    private final ScanProgress.Clock clock;

    ExportCommand(ScanClients clients, ScanProgress.Clock clock) {
        this.clients = clients;
        this.clock = clock;
    }

    @Override
    public Integer call() {
        endpoint.checked();
        if (segments < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "Invalid value for option '--segments': must be at least 1, got " + segments);
        }
        PrintWriter err = spec.commandLine().getErr();
        TransferProgress progress = new TransferProgress(err, clock, System.console() != null, "exported");
        try (DynamoDbClient client = clients.create(endpoint.uri(), endpoint.region())) {
            ExportDirectory written = TableExporter.builder().client(client).tableName(table).directory(out)
                    .segments(segments).progress(progress).build().export();
            progress.finish(written.summary().itemCount());
            spec.commandLine().getOut().println(written.path());
            spec.commandLine().getOut().flush();
            return 0;
        } catch (KeyPathDynamoException e) { // not a key-path table: nothing written
            err.println(InputLoop.ERROR_PREFIX + "cannot export table '" + table + "': " + e.getMessage());
        } catch (SdkException e) {
            err.println(InputLoop.ERROR_PREFIX + "cannot export table '" + table + "' at " + endpoint + ": "
                    + e.getMessage());
        } catch (UncheckedIOException e) {
            err.println(InputLoop.ERROR_PREFIX + "cannot write the export under " + out + ": " + e.getMessage());
        }
        err.flush();
        return 1;
    }
}
