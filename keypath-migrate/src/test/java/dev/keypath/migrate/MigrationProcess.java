package dev.keypath.migrate;

import dev.keypath.dynamodb.BatchPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A migration run in a JVM of its own, so a test can kill it: {@code ENDPOINT SOURCE TARGET MAPPING_FILE
 * CHECKPOINT_FILE SEGMENTS PAGE_SIZE READ_CAPACITY WRITE_CAPACITY THROTTLE_EVERY DROP_EVERY}. Its client has SDK
 * retries off and {@link PeriodicFaults}; progress goes to standard error, and the run's numbers to standard output
 * as one line {@code RESULT key=value ...}.
 */
public final class MigrationProcess {
    private MigrationProcess() {
    }

    /** Runs the migration the arguments describe. */
    public static void main(String[] args) {
        PeriodicFaults faults = new PeriodicFaults(Integer.parseInt(args[9]), Integer.parseInt(args[10]));
        try (DynamoDbClient client = OwnJvm.client(args[0], o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())
                .addExecutionInterceptor(faults))) {
            MigrationRun run = Migration.builder().client(client).source(args[1]).target(args[2])
                    .mapping(MigrationMapping.read(Path.of(args[3])))
                    .checkpoint(CheckpointStore.file(Path.of(args[4])))
                    .segments(Integer.parseInt(args[5])).pageSize(Integer.parseInt(args[6]))
                    .readCapacity(Double.parseDouble(args[7])).writeCapacity(Double.parseDouble(args[8]))
                    .batchPolicy(new BatchPolicy(Duration.ofMillis(2), Duration.ofMillis(50), Duration.ofSeconds(60)))
                    .progress(s -> System.err.println(s.line()), Duration.ofSeconds(2))
                    .build().run();
            System.err.print(run.describe());
            System.out.printf(Locale.ROOT, "RESULT written=%d writtenNow=%d collisions=%d invalid=%d resumed=%b "
                            + "itemsPerSecond=%.0f readUnits=%.1f writeUnits=%.1f elapsedMs=%d scanMs=%d writeMs=%d "
                            + "budgetMs=%d throttled=%d dropped=%d%n", run.written(), run.writtenNow(),
                    run.collisions(), run.invalid(), run.resumed(),
                    run.itemsPerSecond(), run.readUnits(), run.writeUnits(), run.elapsed().toMillis(),
                    run.scanTime().toMillis(), run.writeTime().toMillis(), run.budgetTime().toMillis(),
                    faults.throttled(), faults.droppedCalls());
        }
    }
}
