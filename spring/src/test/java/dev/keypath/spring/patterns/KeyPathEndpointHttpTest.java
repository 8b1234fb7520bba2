package dev.keypath.spring.patterns;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.micrometer.KeyPathObservations;
import dev.keypath.spring.autoconfigure.KeyPathLedgerAutoConfiguration;
import dev.keypath.spring.repository.KeyPathPageRequest;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An application with repositories and no code about observability, with Actuator on its classpath and the
 * endpoint exposed: {@code /actuator/keypath}, read over real HTTP on loopback, lists each access pattern with its
 * calls, latency, capacity and read amplification, and the hottest partition. On DynamoDB Local.
 */
@SpringBootTest(classes = PatternsApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"keypath.dynamodb.table-name=spring-patterns-http", "keypath.dynamodb.create-table-if-missing=true",
            "server.address=127.0.0.1", "management.endpoints.web.exposure.include=keypath"})
class KeyPathEndpointHttpTest {
    @LocalServerPort
    int port;
    @Autowired
    ArticleRepository articles;
    @Autowired
    AuthorRepository authors;
    @Autowired
    ApplicationContext context;

    private final JsonMapper json = JsonMapper.builder().build();

    private JsonNode ledger() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/actuator/keypath")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return json.readTree(response.body());
    }

    private static JsonNode pattern(JsonNode ledger, String name) {
        for (JsonNode p : ledger.get("patterns")) {
            if (p.get("name").asString().equals(name)) {
                return p;
            }
        }
        throw new AssertionError("no pattern " + name + " in " + ledger);
    }

    @Test
    void theEndpointShowsWhatEachPatternCosts() throws Exception {
        UUID busy = UUID.randomUUID();
        UUID quiet = UUID.randomUUID();
        authors.save(new Author(busy, busy + "@example.com", "busy"));
        authors.save(new Author(quiet, quiet + "@example.com", "quiet"));
        for (long id = 1; id <= 12; id++) {
            articles.save(new Article(busy, id, id % 3 == 0 ? "dynamo" : "spring", "x".repeat(3_000)));
        }
        for (int i = 0; i < 4; i++) {
            articles.findByAuthorIdOrderByArticleIdDesc(busy, KeyPathPageRequest.ofSize(5));
            articles.onTopic(busy, "dynamo");
            authors.findByEmail(quiet + "@example.com");
        }

        JsonNode ledger = ledger();
        assertThat(ledger.get("table").asString()).isEqualTo("spring-patterns-http");
        assertThat(ledger.get("callsAre").asString()).as("what a call is")
                .startsWith("operations").contains("one per page");
        assertThat(ledger.get("window").asString()).isEqualTo("PT1M");

        JsonNode timeline = pattern(ledger, "timeline");
        assertThat(timeline.get("kind").asString()).isEqualTo("QUERY");
        assertThat(timeline.get("itemType").asString()).isEqualTo("Article");
        assertThat(timeline.get("calls").get("total").asLong()).isEqualTo(4);
        assertThat(timeline.get("calls").get("success").asLong()).isEqualTo(4);
        assertThat(timeline.get("latency").get("p50").asDouble()).isPositive();
        assertThat(timeline.get("latency").get("p99").asDouble())
                .isGreaterThanOrEqualTo(timeline.get("latency").get("p50").asDouble());
        assertThat(timeline.get("capacity").get("readUnits").asDouble()).isPositive();
        assertThat(timeline.get("capacity").get("tables").get("spring-patterns-http").get("readUnits").asDouble())
                .isPositive();
        JsonNode items = timeline.get("items");
        assertThat(items.get("returned").asLong()).isEqualTo(4 * 5);
        assertThat(items.get("asked").asLong()).as("the Limits of pages of 5").isGreaterThanOrEqualTo(4 * 5);
        assertThat(items.get("readAmplification").asDouble())
                .isEqualTo((double) items.get("read").asLong() / items.get("returned").asLong());

        JsonNode onTopic = pattern(ledger, "ArticleRepository.onTopic");
        assertThat(onTopic.get("items").get("read").asLong()).isEqualTo(4 * 12);
        assertThat(onTopic.get("items").get("returned").asLong()).isEqualTo(4 * 4);
        assertThat(onTopic.get("items").get("readAmplification").asDouble()).isEqualTo(3.0);

        JsonNode puts = pattern(ledger, "Article.put");
        assertThat(puts.get("capacity").get("writeUnits").asDouble()).isGreaterThanOrEqualTo(12 * 3);
        assertThat(puts.get("items").has("readAmplification")).isFalse(); // none: writes read nothing
        assertThat(pattern(ledger, "Author.getByAlias").get("calls").get("total").asLong()).isEqualTo(4);

        List<String> hot = new ArrayList<>();
        ledger.get("hotPartitions").forEach(h -> hot.add(h.get("partition").asString()));
        assertThat(hot).first().isEqualTo("/author-" + busy);
        JsonNode hottest = ledger.get("hotPartitions").get(0);
        assertThat(hottest.get("units").asDouble()).isPositive();
        assertThat(hottest.get("table").asString()).isEqualTo("spring-patterns-http");
        assertThat(ledger.get("windowUnits").asDouble()).isGreaterThanOrEqualTo(hottest.get("units").asDouble()
                - hottest.get("overestimate").asDouble());
    }

    /**
     * Actuator brings an observation registry whose only handler is Micrometer's meter handler: the default mode,
     * auto, gives the table the meters alone, and the operations reach the meter registry with no observation.
     */
    @Test
    void withActuatorAloneTheDefaultModeGivesTheMetersWithoutObservations() {
        assertThat(context.getBeansOfType(ObservationRegistry.class)).hasSize(1);
        assertThat(context.getBeansOfType(KeyPathLedgerAutoConfiguration.class)).hasSize(1);
        assertThat(context.getBeanNamesForType(NestedConfiguration.of("AutoModeConfiguration"))).hasSize(1);
        assertThat(context.getBeanNamesForType(NestedConfiguration.of("ObservationConfiguration"))).isEmpty();

        List<String> observed = new CopyOnWriteArrayList<>();
        context.getBean(ObservationRegistry.class).observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public boolean supportsContext(Observation.Context c) {
                return true;
            }

            @Override
            public void onStop(Observation.Context c) {
                observed.add(c.getName());
            }
        });
        UUID id = UUID.randomUUID();
        authors.save(new Author(id, id + "@example.com", "metered"));
        assertThat(observed).doesNotContain(KeyPathObservations.OPERATION);
        MeterRegistry meters = context.getBean(MeterRegistry.class);
        assertThat(meters.get(KeyPathObservations.OPERATION).tag("keypath.access_pattern", "Author.put").timer()
                .count()).isPositive();
        assertThat(meters.get(KeyPathObservations.OPERATION + ".active").tag("keypath.access_pattern", "Author.put")
                .longTaskTimer().activeTasks()).isZero();
    }

    /** A nested configuration's type, package-private in the auto-configuration's package. */
    private static final class NestedConfiguration {
        static Class<?> of(String name) {
            try {
                return Class.forName(KeyPathLedgerAutoConfiguration.class.getName() + "$" + name);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
