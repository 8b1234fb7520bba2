package dev.keypath.cli;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.migrate.CheckpointStore;
import dev.keypath.migrate.Reshard;
import dev.keypath.migrate.ReshardRun;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code keypath migrate reshard}: moves every item of one sharded item type from its former shard count to its new
 * one with keypath-migrate's {@link Reshard}; this class only loads the type, reads the options and prints the report.
 */
@Command(name = "reshard", mixinStandardHelpOptions = true,
        description = {"Moves every stored item of a sharded item type from its former shard count to its new one "
                + "(@Sharded(count = NEW, formerCount = OLD, ...)), in place, in parallel scan segments within the "
                + "capacity budgets. Each item is moved with one transaction that puts it in its new shard if none is "
                + "there and deletes the former copy if it is unchanged, so a concurrent writer is never lost. The "
                + "checkpoint file lets a stopped run resume. Run it once every instance of the application declares "
                + "formerCount; remove formerCount after it has finished."},
        footer = {"", "Example: keypath migrate reshard --endpoint http://localhost:8000 --table app "
                + "--type com.example.Event --class-path app.jar --write-capacity 200 --checkpoint reshard.json%n"},
        exitCodeListHeading = Help.EXIT_HEADING,
        exitCodeList = {"0:every item of the type is in its new shard",
            "1:the run stopped (a missing or string-keyed table, a checkpoint of another run, an item that kept "
                + "changing, a table error)",
            "2:usage error, or the type cannot be loaded, is not sharded or declares no formerCount"})
final class MigrateReshardCommand extends TypeRunCommand {
    MigrateReshardCommand() {
        this(ScanClients.DEFAULT);
    }

    MigrateReshardCommand(ScanClients clients) {
        super(clients, "re-shard");
    }

    @Override
    int run(DynamoDbClient client, ItemSchema<?> schema, PrintWriter out, PrintWriter err) {
        Reshard.Builder builder = Reshard.builder().client(client).table(table).type(schema).segments(budget.segments)
                .pageSize(pageSize).readCapacity(budget.readCapacity).writeCapacity(budget.writeCapacity);
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
