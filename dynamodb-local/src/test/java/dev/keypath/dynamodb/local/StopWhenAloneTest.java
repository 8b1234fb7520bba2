package dev.keypath.dynamodb.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which threads an engine's watcher takes for the engine's own: an application thread stays the application's
 * even while it runs DynamoDB Local's code (starting a second engine), or the watcher would close the first engine
 * under its users.
 */
class StopWhenAloneTest {
    private static final StackTraceElement[] STARTING_AN_ENGINE = {
        new StackTraceElement("software.amazon.dynamodb.services.local.main.ServerRunner", "createServer",
                "ServerRunner.java", 1),
        new StackTraceElement("dev.keypath.dynamodb.local.EmbeddedDynamoDb", "start", "EmbeddedDynamoDb.java", 1),
    };

    @Test
    void anApplicationThreadRunningEngineCodeIsNotTheEngines() {
        Thread application = Thread.currentThread();
        StopWhenAlone watcher = new StopWhenAlone(null, List.of("qtp"), Set.of(application.getId()));
        assertThat(watcher.isEngineThread(application, STARTING_AN_ENGINE)).isFalse();
    }

    @Test
    void aThreadBornAfterTheEngineRunningItsCodeIsTheEngines() throws Exception {
        Thread later = new Thread(() -> { });
        StopWhenAlone watcher = new StopWhenAlone(null, List.of("qtp"), StopWhenAlone.threadsAlive());
        assertThat(watcher.isEngineThread(later, STARTING_AN_ENGINE)).isTrue();
        assertThat(watcher.isEngineThread(later, new StackTraceElement[0])).isFalse();
        assertThat(watcher.isEngineThread(new Thread(() -> { }, "qtp123"), new StackTraceElement[0])).isTrue();
    }
}
