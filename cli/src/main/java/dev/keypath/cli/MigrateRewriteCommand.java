package dev.keypath.cli;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.migrate.CheckpointStore;
import dev.keypath.migrate.RewriteRun;
import dev.keypath.migrate.SchemaRewrite;
import java.io.PrintWriter;
import java.time.Duration;
import picocli.CommandLine.Command;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code keypath migrate rewrite}: rewrites every item of one item type in its current form with keypath-migrate's
 * {@link SchemaRewrite}; this class only loads the type, reads the options, prints the progress and the report.
 */
@Command(name = "rewrite", mixinStandardHelpOptions = true,
        description = {"Rewrites every stored item of an item type in its current form, in place, in parallel scan "
                + "segments within the capacity budgets: at the type's current version (@ItemType(version = ...)), "
                + "upgraded by its declared history, and stored as this version of keypath stores it (NULLs an older "
                + "build stored for null fields left out, sets it stored as lists stored as sets, missing index keys "
                + "added). Each item is written with one conditional update of the attributes that differ, so a "
                + "concurrent writer's change is never overwritten. The checkpoint file lets a stopped run resume. "
                + "Run it once every instance of the application reads the current version."},
        footer = {"", "Progress goes to standard error every 2 seconds and once at the end (items done of DynamoDB's "
                + "estimate of the table's items, items rewritten, capacity per second); the report goes to standard "
                + "output and counts every item scanned once: rewritten, already current, other types, unreadable, "
                + "deleted meanwhile.",
            "", "Example: keypath migrate rewrite --endpoint http://localhost:8000 --table app "
                + "--type com.example.Member --class-path app.jar --write-capacity 200 --checkpoint rewrite.json%n"},
        exitCodeListHeading = Help.EXIT_HEADING,
        exitCodeList = {"0:every item of the type is in its current form",
            "1:items that cannot be upgraded were left behind (a newer version, a change that fails on them), or the "
                + "run stopped (a missing or string-keyed table, a checkpoint of another run, a table error)",
            "2:usage error, or the type cannot be loaded or has no valid @ItemType"})
final class MigrateRewriteCommand extends TypeRunCommand {
    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(2);

    MigrateRewriteCommand() {
        this(ScanClients.DEFAULT);
    }

    MigrateRewriteCommand(ScanClients clients) {
        super(clients, "rewrite");
    }

    @Override
    int run(DynamoDbClient client, ItemSchema<?> schema, PrintWriter out, PrintWriter err) {
        SchemaRewrite.Builder builder = SchemaRewrite.builder().client(client).table(table).type(schema)
                .segments(budget.segments).pageSize(pageSize).readCapacity(budget.readCapacity)
                .writeCapacity(budget.writeCapacity).progress(p -> {
                    err.println(p.line());
                    err.flush();
                }, PROGRESS_INTERVAL);
        CheckpointStore store = checkpointStore();
        if (store != null) {
            builder.checkpoint(store);
        }
        RewriteRun run = builder.build().run();
        out.print(run.describe());
        out.flush();
        if (run.complete()) {
            return 0;
        }
        err.println(InputLoop.ERROR_PREFIX + run.unreadable() + " items of " + schema.typeName()
                + " cannot be rewritten and were left as they are");
        err.flush();
        return 1;
    }
}
