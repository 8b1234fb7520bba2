package dev.keypath.cli;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.migrate.CheckpointStore;
import dev.keypath.migrate.Reshard;
import dev.keypath.migrate.ReshardRun;
import java.io.PrintWriter;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code keypath migrate reshard}: moves every item of one sharded item type from its former shard count to its new
 * one with keypath-migrate's {@link Reshard}; this class only loads the type, reads the options and prints the report.
 */
@Command(name = "reshard", mixinStandardHelpOptions = true,
        description = {"Moves every stored item of a sharded item type from its former shard count to its new one "
                + "(@Sharded(count = NEW, formerCount = OLD, ...); formerCount = 1 for a type stored before it was "
                + "sharded), in place. Run it once every instance of the application declares formerCount. It first "
                + "announces the switch to the new layout in the table's layout record and waits until it has "
                + "passed (twice the tables' refresh interval plus the clock margin on either side, about a minute "
                + "by default): from then on every instance writes the new layout, and one that declares the former "
                + "layout alone refuses its writes. Then it moves the items in parallel scan segments within the "
                + "capacity budgets, each with one transaction that puts it in its new shard if none is there and "
                + "deletes the former copy if it is unchanged, so a concurrent writer is never lost, and records the "
                + "re-shard as finished. The checkpoint file lets a stopped run resume. Remove formerCount once it "
                + "has finished (docs/HOT-PARTITIONS.md, \"Changing N\")."},
        footer = {"", "Example: keypath migrate reshard --endpoint http://localhost:8000 --table app "
                + "--type com.example.Event --class-path app.jar --write-capacity 200 --checkpoint reshard.json%n"},
        exitCodeListHeading = Help.EXIT_HEADING,
        exitCodeList = {"0:every item of the type is in its new shard, and the re-shard is recorded as finished",
            "1:the run stopped (a missing or string-keyed table, a checkpoint of another run, a layout record that "
                + "holds another layout or re-shard for the type, an item that kept changing, a table error)",
            "2:usage error, or the type cannot be loaded, is not sharded or declares no formerCount"})
final class MigrateReshardCommand extends TypeRunCommand {
    @Option(names = "--clock-margin-ms", paramLabel = "MILLIS", defaultValue = "2000",
            description = "How far apart the clocks of the application's instances and of this tool may be, plus the "
                    + "longest time a write request takes to reach DynamoDB, in milliseconds (default: ${DEFAULT-VALUE}): "
                    + "no instance writes the type this long on either side of the switch.")
    long clockMarginMillis;

    MigrateReshardCommand() {
        this(ScanClients.DEFAULT);
    }

    MigrateReshardCommand(ScanClients clients) {
        super(clients, "re-shard");
    }

    @Override
    int run(DynamoDbClient client, ItemSchema<?> schema, PrintWriter out, PrintWriter err) {
        Reshard.Builder builder = Reshard.builder().client(client).table(table).type(schema).segments(budget.segments)
                .pageSize(pageSize).readCapacity(budget.readCapacity).writeCapacity(budget.writeCapacity)
                .clockMargin(Duration.ofMillis(clockMarginMillis));
        CheckpointStore store = checkpointStore();
        if (store != null) {
            builder.checkpoint(store);
        }
        ReshardRun run = builder.build().run();
        out.print(run.describe());
        out.flush();
        return 0;
    }
}
