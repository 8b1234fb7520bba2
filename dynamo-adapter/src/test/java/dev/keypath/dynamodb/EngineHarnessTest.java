package dev.keypath.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.testing.DynamoDbTestEngine;
import java.net.URI;
import org.junit.jupiter.api.Test;

class EngineHarnessTest {
    @Test
    void engineIsSharedAndAnswers() {
        URI endpoint = DynamoDbTestEngine.endpoint();
        assertThat(endpoint.getHost()).isIn("127.0.0.1", "localhost");
        assertThat(DynamoDbTestEngine.client()).isSameAs(DynamoDbTestEngine.client());
        assertThat(DynamoDbTestEngine.client().listTables().tableNames()).isNotNull();
    }

    @Test
    void withoutDockerTheChoiceFallsThroughQuickly() throws Exception {
        long start = System.nanoTime();
        var m = DynamoDbTestEngine.class.getDeclaredMethod("dockerAvailable");
        m.setAccessible(true);
        boolean docker = (boolean) m.invoke(null);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(millis).isLessThan(4_000);
        if (!docker) {
            assertThat(DynamoDbTestEngine.kind()).isEqualTo(DynamoDbTestEngine.Kind.DYNAMODB_LOCAL);
        }
    }
}
