package dev.keypath.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What {@code spring-boot:test-run} starts: the application as configured for production, on the development engine
 * {@link TestSocialApplication} adds — it serves requests, stores in DynamoDB Local in the JVM and stops the engine
 * with the application.
 */
class TestSocialApplicationTest {
    @Test
    void theApplicationRunsOnItsOwnDevelopmentEngine() throws Exception {
        SpringApplication.Running running = TestSocialApplication.run("--server.port=0", "--server.address=127.0.0.1",
                "--spring.main.banner-mode=off");
        ConfigurableApplicationContext context = running.getApplicationContext();
        EmbeddedDynamoDb engine = context.getBean(EmbeddedDynamoDb.class);
        try {
            KeyPathTable table = context.getBean(KeyPathTable.class);
            assertThat(engine.client().listTables().tableNames()).contains(table.tableName());
            int port = ((WebServerApplicationContext) context).getWebServer().getPort();
            HttpResponse<String> created = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/users")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"dev\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(created.statusCode()).isEqualTo(201);
            assertThat(engine.client().scan(r -> r.tableName(table.tableName())).count()).isPositive();
        } finally {
            context.close();
        }
        assertThat(context.isActive()).isFalse();
    }
}
