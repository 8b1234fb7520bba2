package dev.keypath.migrate;

import dev.keypath.dynamodb.ItemSchemas;
import java.nio.file.Path;
import java.util.Locale;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A schema rewrite of {@link RewriteModel.CounterV2} in a JVM of its own, so a test can kill it: {@code ENDPOINT TABLE
 * CHECKPOINT_FILE SEGMENTS PAGE_SIZE WRITE_CAPACITY}. The run's numbers go to standard output as one line
 * {@code RESULT key=value ...}.
 */
public final class RewriteProcess {
    private RewriteProcess() {
    }

    /** Runs the rewrite the arguments describe. */
    public static void main(String[] args) {
        try (DynamoDbClient client = OwnJvm.client(args[0], o -> { })) {
            RewriteRun run = SchemaRewrite.builder().client(client).table(args[1])
                    .type(ItemSchemas.of(RewriteModel.CounterV2.class))
                    .checkpoint(CheckpointStore.file(Path.of(args[2])))
                    .segments(Integer.parseInt(args[3])).pageSize(Integer.parseInt(args[4]))
                    .writeCapacity(Double.parseDouble(args[5])).build().run();
            System.err.print(run.describe());
            System.out.printf(Locale.ROOT, "RESULT rewritten=%d rewrittenNow=%d other=%d unreadable=%d conflicts=%d "
                            + "resumed=%b elapsedMs=%d%n", run.rewritten(), run.rewrittenNow(), run.otherItems(),
                    run.unreadable(), run.conflicts(), run.resumed(), run.elapsed().toMillis());
        }
    }
}
