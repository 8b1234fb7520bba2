package dev.keypath.migrate;

import dev.keypath.dynamodb.ItemSchemas;
import java.nio.file.Path;
import java.util.Locale;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A re-shard of {@link ReshardModel.From4To16} in a JVM of its own, so a test can kill it: {@code ENDPOINT TABLE
 * CHECKPOINT_FILE SEGMENTS PAGE_SIZE WRITE_CAPACITY
 * READ_CAPACITY}. The run's numbers go to standard output as one line
 * {@code RESULT key=value ...}.
 */
public final class ReshardProcess {
    private ReshardProcess() {
    }

    /** Runs the re-shard the arguments describe. */
    public static void main(String[] args) {
        try (DynamoDbClient client = OwnJvm.client(args[0], o -> { })) {
            ReshardRun run = Reshard.builder().client(client).table(args[1])
                    .type(ItemSchemas.of(ReshardModel.From4To16.class))
                    .checkpoint(CheckpointStore.file(Path.of(args[2])))
                    .segments(Integer.parseInt(args[3])).pageSize(Integer.parseInt(args[4]))
                    .writeCapacity(Double.parseDouble(args[5])).readCapacity(Double.parseDouble(args[6]))
                    .clockMargin(ReshardTest.MARGIN).build().run();
            System.err.print(run.describe());
            System.out.printf(Locale.ROOT, "RESULT moved=%d movedNow=%d resumed=%b%n", run.moved(), run.movedNow(),
                    run.resumed());
        }
    }
}
