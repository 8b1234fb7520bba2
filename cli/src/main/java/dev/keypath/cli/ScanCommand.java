package dev.keypath.cli;

import dev.keypath.KeyPath;
import dev.keypath.KeyRange;
import dev.keypath.dynamodb.StoredKeyException;
import java.io.PrintWriter;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * {@code keypath scan}: lists the items of a key-path table with their decoded key path and item type, in
 * DynamoDB's order. With {@code --prefix} it queries the prefix's partition (and sort-key range) and keeps exactly
 * the items of the subtree; without, it scans the whole table. Uses the SDK's paginators.
 */
@Command(name = "scan",
        mixinStandardHelpOptions = true,
        description = {
            "Lists the items of a key-path table with their key paths and item types.",
            "",
            "One line per item, in DynamoDB's order: the key path, a tab, and the item type (the _type "
            + "attribute, '-' when absent).",
            "With --prefix PATH: a Query on PATH's partition, with 'sk BETWEEN' the bounds of PATH's subtree when "
            + "PATH has more than one element; every returned key is decoded and only the paths in the subtree "
            + "are listed (ids of other types can share bytes). Without --prefix: a paginated Scan of the table.",
        },
        footer = {"",
            "An item whose pk/sk are not a valid key path gives a line 'error: pk=HEX sk=HEX: PROBLEM' on standard "
            + "error and the scan goes on. A scan that takes longer than 2 seconds reports 'scanned N items...' on "
            + "standard error every 2 seconds (one line updated in place on a terminal, plain lines otherwise).",
            "",
            "Credentials come from the SDK's default chain (environment, system properties, profile files, ...); "
            + "for a loopback endpoint without configured credentials the dummy credentials local/local are used. "
            + "The region is --region, else AWS_REGION or AWS_DEFAULT_REGION, else us-east-1.",
            "",
            "Example: keypath scan --endpoint http://localhost:8000 --table app --prefix /user-7/post%n"},
        exitCodeListHeading = Help.EXIT_HEADING,
        exitCodeList = {"0:every item was listed",
            "1:at least one item had a bad key (see its 'error: ' line on standard error), or the table could not be "
                + "read",
            Help.EXIT_USAGE})
final class ScanCommand implements Callable<Integer> {
    static final String JSON_HELP = "Print one JSON object per item instead: {\"keyPath\", \"type\", \"pk\" and "
            + "\"sk\" (hex), \"attributes\" (the other attributes in DynamoDB's typed JSON, binary as base64)}.";

    @Spec
    CommandSpec spec;

    @Mixin
    ServiceEndpoint endpoint;

    @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table name.")
    String table;

    @Option(names = "--prefix", paramLabel = "PATH",
            description = "List only PATH and the paths below it, e.g. /user-7 or /user-7/post.")
    String prefix;

    @Option(names = "--json", description = JSON_HELP)
    boolean json;

    private final ScanClients clients;
    private final ScanProgress.Clock clock;

    ScanCommand(ScanClients clients, ScanProgress.Clock clock) {
        this.clients = clients;
        this.clock = clock;
    }

    @Override
    public Integer call() {
        KeyRange range = prefix == null ? null : range(prefix);
        endpoint.checked();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ScanPrinter printer = new ScanPrinter(out, err, json);
        ScanProgress progress = new ScanProgress(err, clock, System.console() != null);
        try (DynamoDbClient client = clients.create(endpoint.uri(), endpoint.region())) {
            Iterable<Map<String, AttributeValue>> items = range == null
                    ? client.scanPaginator(ScanRequest.builder().tableName(table).build()).items()
                    : client.queryPaginator(query(range)).items();
            for (Map<String, AttributeValue> item : items) {
                progress.item();
                list(item, range, printer, progress);
            }
        } catch (SdkException e) {
            out.flush();
            progress.finish();
            err.println(InputLoop.ERROR_PREFIX + "cannot read table '" + table + "' at " + endpoint + ": "
                    + e.getMessage());
            err.flush();
            return 1;
        }
        out.flush();
        progress.finish();
        return printer.failed() ? 1 : 0;
    }

    private KeyRange range(String text) {
        try {
            return KeyRange.subtree(KeyPath.parse(text));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(),
                    "Invalid value for option '--prefix': " + e.getMessage());
        }
    }

    private QueryRequest query(KeyRange range) {
        QueryRequest.Builder q = QueryRequest.builder().tableName(table);
        if (range.hasSortKeyCondition()) {
            return q.keyConditionExpression("#pk = :pk AND #sk BETWEEN :lo AND :hi")
                    .expressionAttributeNames(Map.of("#pk", ScanPrinter.PK, "#sk", ScanPrinter.SK))
                    .expressionAttributeValues(Map.of(":pk", ScanPrinter.binary(range.partitionKey()),
                            ":lo", ScanPrinter.binary(range.lowerSortKey()),
                            ":hi", ScanPrinter.binary(range.upperSortKey())))
                    .build();
        }
        return q.keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", ScanPrinter.PK))
                .expressionAttributeValues(Map.of(":pk", ScanPrinter.binary(range.partitionKey())))
                .build();
    }

    /** Prints the item, or its error line; skips a decoded path outside the range (another id type's bytes). */
    private static void list(Map<String, AttributeValue> item, KeyRange range, ScanPrinter printer,
                             ScanProgress progress) {
        KeyPath path;
        try {
            path = ScanPrinter.keyPath(item);
        } catch (StoredKeyException e) {
            progress.clearLine();
            printer.error(item, e.getMessage());
            return;
        }
        if (range == null || range.contains(path)) {
            printer.item(path, item);
        }
    }
}
