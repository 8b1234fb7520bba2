package dev.keypath.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.micrometer.ledger.AccessPatternLedger;
import dev.keypath.micrometer.ledger.PatternFigures;
import dev.keypath.test.TestDynamoDb;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Drives the example over real HTTP against the shared test engine (DynamoDB Local, or LocalStack where Docker
 * runs) instead of the example's own embedded engine.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "keypath.dynamodb.embedded=false", "keypath.dynamodb.create-table-if-missing=true",
    "keypath.dynamodb.table-name=social-api-test"})
class SocialApiTest {
    /** Posts sent at once to one user; a long run: -Dkeypath.social.concurrentPosts=400. */
    private static final int CONCURRENT_POSTS = Integer.getInteger("keypath.social.concurrentPosts", 120);

    @TestConfiguration(proxyBeanMethods = false)
    static class Engine {
        @Bean(destroyMethod = "")
        DynamoDbClient dynamoDbClient() {
            return TestDynamoDb.get().client();
        }
    }

    @LocalServerPort
    int port;
    @Autowired
    JsonMapper json;

    private final HttpClient http = HttpClient.newHttpClient();

    private record Response(int status, JsonNode body, java.net.http.HttpHeaders headers) {
        String contentType() {
            return headers.firstValue("Content-Type").orElse("");
        }

        String location() {
            return headers.firstValue("Location").orElse(null);
        }
    }

    private Response send(String method, String path, Object body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Accept", "application/json");
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        String text = response.body();
        return new Response(response.statusCode(), text == null || text.isEmpty() ? null : json.readTree(text),
                response.headers());
    }

    private String newUser(String name) throws Exception {
        Response created = send("POST", "/users", Map.of("name", name));
        assertThat(created.status()).isEqualTo(201);
        return created.body().get("userId").asString();
    }

    @Test
    void postsTimelineAndThreads() throws Exception {
        String user = newUser("ada");
        for (int i = 1; i <= 5; i++) {
            Response post = send("POST", "/users/" + user + "/posts", Map.of("title", "post " + i, "body", "text " + i));
            assertThat(post.status()).isEqualTo(201);
            assertThat(post.body().get("postId").asLong()).isEqualTo(i);
            assertThat(post.body().get("version").asLong()).isEqualTo(1);
        }

        List<String> titles = new ArrayList<>();
        String token = null;
        int pages = 0;
        do {
            String query = "?size=2" + (token == null ? "" : "&token=" + URLEncoder.encode(token, StandardCharsets.UTF_8));
            Response page = send("GET", "/users/" + user + "/timeline" + query, null);
            assertThat(page.status()).isEqualTo(200);
            page.body().get("posts").forEach(p -> titles.add(p.get("title").asString()));
            JsonNode next = page.body().get("nextToken");
            token = next == null || next.isNull() ? null : next.asString();
            pages++;
        } while (token != null && pages < 10);
        assertThat(titles).containsExactly("post 5", "post 4", "post 3", "post 2", "post 1");

        Response c1 = send("POST", "/users/" + user + "/posts/3/comments", Map.of("author", "bob", "text", "first!"));
        Response c2 = send("POST", "/users/" + user + "/posts/3/comments", Map.of("author", "eve", "text", "second"));
        assertThat(c1.status()).isEqualTo(201);
        assertThat(c2.body().get("commentId").asLong()).isEqualTo(c1.body().get("commentId").asLong() + 1);

        Response thread = send("GET", "/users/" + user + "/posts/3", null);
        assertThat(thread.status()).isEqualTo(200);
        assertThat(thread.body().get("post").get("title").asString()).isEqualTo("post 3");
        assertThat(thread.body().get("comments")).hasSize(2);
        assertThat(thread.body().get("comments").get(0).get("text").asString()).isEqualTo("first!");
        assertThat(send("GET", "/users/" + user + "/posts/4", null).body().get("comments")).isEmpty();
    }

    @Test
    void theTimelineReadsThePostsAloneWhileTheirCommentsLieUnderThem(@Autowired AccessPatternLedger ledger)
            throws Exception {
        String user = newUser("tim");
        for (int i = 1; i <= 5; i++) {
            send("POST", "/users/" + user + "/posts", Map.of("title", "post " + i, "body", "text " + i));
            for (int c = 0; c < 3; c++) {
                send("POST", "/users/" + user + "/posts/" + i + "/comments", Map.of("author", "bob", "text", "c" + c));
            }
        }
        PatternFigures before = timeline(ledger);

        List<String> titles = new ArrayList<>();
        String token = null;
        do {
            String query = "?size=2" + (token == null ? "" : "&token=" + URLEncoder.encode(token, StandardCharsets.UTF_8));
            Response page = send("GET", "/users/" + user + "/timeline" + query, null);
            assertThat(page.status()).isEqualTo(200);
            page.body().get("posts").forEach(p -> titles.add(p.get("title").asString()));
            JsonNode next = page.body().get("nextToken");
            token = next == null || next.isNull() ? null : next.asString();
        } while (token != null);

        assertThat(titles).containsExactly("post 5", "post 4", "post 3", "post 2", "post 1");
        PatternFigures after = timeline(ledger);
        assertThat(after.itemsReturned() - before.itemsReturned()).isEqualTo(5);
        assertThat(after.itemsRead() - before.itemsRead()).as("items read: the posts, none of their 15 comments")
                .isEqualTo(5);
    }

    /** The ledger's figures of the timeline's access pattern (zero before its first call). */
    private static PatternFigures timeline(AccessPatternLedger ledger) {
        return ledger.patterns().stream().filter(p -> p.accessPattern().equals("PostRepository.timeline"))
                .findFirst().orElse(new PatternFigures("PostRepository.timeline", null, null, Map.of(), null, 0, 0,
                        Map.of(), Map.of(), 0, 0, 0, 0, 0, 0));
    }

    @Test
    void postCountIsUpdatedInTheSameTransactionAsThePost(@Autowired UserRepository users) throws Exception {
        String user = newUser("grace");
        send("POST", "/users/" + user + "/posts", Map.of("title", "a", "body", "b"));
        send("POST", "/users/" + user + "/posts", Map.of("title", "c", "body", "d"));
        User stored = users.findById(dev.keypath.KeyPath.of("user", java.util.UUID.fromString(user))).orElseThrow();
        assertThat(stored.postCount()).isEqualTo(2);
        assertThat(stored.version()).isEqualTo(3);
    }

    @Test
    void missingThingsAndBadTokens() throws Exception {
        String nobody = java.util.UUID.randomUUID().toString();
        assertThat(send("POST", "/users/" + nobody + "/posts", Map.of("title", "t", "body", "b")).status())
                .isEqualTo(404);
        assertThat(send("GET", "/users/" + nobody + "/posts/1", null).status()).isEqualTo(404);
        assertThat(send("POST", "/users/" + nobody + "/posts/1/comments", Map.of("author", "a", "text", "t"))
                .status()).isEqualTo(404);
        Response empty = send("GET", "/users/" + nobody + "/timeline", null);
        assertThat(empty.status()).isEqualTo(200);
        assertThat(empty.body().get("posts")).isEmpty();
        Response bad = send("GET", "/users/" + newUser("x") + "/timeline?token=not-a-token", null);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().get("detail").asString()).containsIgnoringCase("token");
    }

    @Test
    void everyErrorIsAProblemWithTheLibrarysMessage() throws Exception {
        String user = newUser("pat");
        assertProblem(send("GET", "/users/" + user + "/timeline?token=not-a-token", null), 400, "page token");
        assertProblem(send("GET", "/users/" + java.util.UUID.randomUUID(), null), 404, "No user");
        assertProblem(send("POST", "/users/" + java.util.UUID.randomUUID() + "/posts", Map.of("title", "t")), 404,
                "No user");

        Response noName = send("POST", "/users", Map.of("name", " "));
        assertProblem(noName, 400, "name");
        assertThat(noName.body().get("errors").get("name").asString()).isNotBlank();
        Response noTitle = send("POST", "/users/" + user + "/posts", Map.of("body", "b"));
        assertProblem(noTitle, 400, "title");
        assertThat(noTitle.body().get("errors").has("title")).isTrue();

        assertProblem(send("GET", "/users/" + user + "/timeline?size=0", null), 400, "");
        assertProblem(send("GET", "/users/" + user + "/timeline?size=101", null), 400, "");

        Response tooLarge = send("POST", "/users/" + user + "/posts", Map.of("title", "huge", "body",
                "x".repeat(410_000)));
        assertProblem(tooLarge, 413, "409600");
    }

    private static void assertProblem(Response r, int status, String detail) {
        assertThat(r.status()).as("status of %s", r.body()).isEqualTo(status);
        assertThat(r.contentType()).startsWith("application/problem+json");
        assertThat(r.body().get("status").asInt()).isEqualTo(status);
        assertThat(r.body().get("detail").asString()).contains(detail);
    }

    @Test
    void createdThingsSayWhereTheyAre() throws Exception {
        Response created = send("POST", "/users", Map.of("name", "lin"));
        String user = created.body().get("userId").asString();
        assertThat(created.location()).isEqualTo("/users/" + user);
        Response read = send("GET", created.location(), null);
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.body().get("name").asString()).isEqualTo("lin");
        Response post = send("POST", "/users/" + user + "/posts", Map.of("title", "t", "body", "b"));
        assertThat(post.location()).isEqualTo("/users/" + user + "/posts/1");
        assertThat(send("GET", post.location(), null).status()).isEqualTo(200);
        Response comment = send("POST", post.location() + "/comments", Map.of("author", "a", "text", "t"));
        assertThat(comment.location()).startsWith(post.location() + "/comments/");
    }

    @Test
    void concurrentPostsToOneUserAllSucceed() throws Exception {
        String user = newUser("busy");
        java.util.concurrent.ExecutorService clients = java.util.concurrent.Executors.newFixedThreadPool(16);
        List<java.util.concurrent.Future<Response>> sent = new ArrayList<>();
        for (int i = 0; i < CONCURRENT_POSTS; i++) {
            int n = i;
            sent.add(clients.submit(() -> send("POST", "/users/" + user + "/posts",
                    Map.of("title", "post " + n, "body", "b"))));
        }
        List<Integer> statuses = new ArrayList<>();
        java.util.Set<Long> ids = new java.util.HashSet<>();
        for (java.util.concurrent.Future<Response> f : sent) {
            Response r = f.get(120, java.util.concurrent.TimeUnit.SECONDS);
            statuses.add(r.status());
            if (r.status() == 201) {
                ids.add(r.body().get("postId").asLong());
            }
        }
        clients.shutdown();
        assertThat(statuses).hasSize(CONCURRENT_POSTS).containsOnly(201);
        assertThat(ids).as("distinct post ids").hasSize(CONCURRENT_POSTS);
        assertThat(send("GET", "/users/" + user, null).body().get("postCount").asLong()).isEqualTo(CONCURRENT_POSTS);
        java.util.Set<Long> listed = new java.util.HashSet<>();
        String token = null;
        do {
            String query = "?size=" + CONCURRENT_POSTS / 4 + (token == null ? "" : "&token=" + URLEncoder.encode(token, StandardCharsets.UTF_8));
            Response page = send("GET", "/users/" + user + "/timeline" + query, null);
            page.body().get("posts").forEach(p -> listed.add(p.get("postId").asLong()));
            JsonNode next = page.body().get("nextToken");
            token = next == null || next.isNull() ? null : next.asString();
        } while (token != null);
        assertThat(listed).isEqualTo(ids);
    }
}
