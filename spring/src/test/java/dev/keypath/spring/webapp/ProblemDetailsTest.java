package dev.keypath.spring.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.spring.web.KeyPathProblemDetails;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link KeyPathProblemDetails}: keypath's failures reach an HTTP client of a servlet application as RFC 9457 problem
 * details, over real HTTP on a random loopback port, naming nothing but the request's own item unless asked to; a
 * request that fails validation lists its invalid fields; another store's failure is left alone, and the property
 * switches the mapping off.
 */
class ProblemDetailsTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    record Answer(int status, String contentType, JsonNode body) {
    }

    static Answer send(int port, String method, String path, String json) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        request = json == null ? request.GET() : request.method(method, HttpRequest.BodyPublishers.ofString(json))
                .header("Content-Type", "application/json");
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        String text = response.body();
        return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                text == null || text.isBlank() ? null : JSON.readTree(text));
    }

    static String account(String id, String email, String name, String notes, Long version) {
        return JSON.writeValueAsString(new WebApplication.Account(id, email, name, notes, version));
    }

    static void assertProblem(Answer answer, int status, String detail) {
        assertThat(answer.status()).as("%s", answer.body()).isEqualTo(status);
        assertThat(answer.contentType()).startsWith("application/problem+json");
        assertThat(answer.body().get("status").asInt()).isEqualTo(status);
        assertThat(answer.body().get("detail").asString()).contains(detail);
        assertThat(answer.body().has("trace")).as("a stack trace in %s", answer.body()).isFalse();
        assertThat(answer.body().has("exception")).as("the exception in %s", answer.body()).isFalse();
        assertThat(answer.body().toString()).doesNotContain("Request ID").doesNotContain("at dev.keypath");
    }

    /** An account's id, and the answer to another account that asked for the first one's e-mail. */
    record Taken(String holder, Answer answer) {
    }

    static Taken takeTheEmailOfAnother(int port) throws Exception {
        String holder = UUID.randomUUID().toString();
        String email = UUID.randomUUID() + "@example.com";
        assertThat(send(port, "POST", "/accounts", account(holder, email, "ada", null, null)).status())
                .isEqualTo(200);
        return new Taken(holder, send(port, "POST", "/accounts", account(UUID.randomUUID().toString(), email, "bo",
                null, null)));
    }

    @Nested
    @SpringBootTest(classes = WebApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {"keypath.dynamodb.table-name=spring-problems", "server.address=127.0.0.1"})
    class Mapped {
        @LocalServerPort
        int port;

        @Test
        void aDuplicateKeyAndAVersionConflictAre409() throws Exception {
            String id = UUID.randomUUID().toString();
            String email = id + "@example.com";
            assertThat(send(port, "POST", "/accounts", account(id, email, "ada", null, null)).status())
                    .isEqualTo(200);
            Answer again = send(port, "POST", "/accounts", account(id, "other-" + email, "ada", null, null));
            assertProblem(again, 409, "/account-");
            assertThat(again.body().get("keyPath").asString()).isEqualTo(KeyPath.of("account", id).toString());

            Answer taken = send(port, "POST", "/accounts", account(UUID.randomUUID().toString(), email, "bo", null,
                    null));
            assertProblem(taken, 409, "/email-");

            Answer stale = send(port, "POST", "/accounts/save", account(id, email, "ada", "x", 7L));
            assertProblem(stale, 409, "version");
        }

        @Test
        void aTakenUniqueValueSaysSoWithoutNamingItsHolder() throws Exception {
            Taken taken = takeTheEmailOfAnother(port);
            assertProblem(taken.answer(), 409, "is taken");
            assertThat(taken.answer().body().get("uniqueKeyPath").asString()).startsWith("/email-");
            assertThat(taken.answer().body().toString()).as("the holder's id").doesNotContain(taken.holder());
            assertThat(taken.answer().body().has("holder")).isFalse();
        }

        @Test
        void aBadPageTokenAndAnInvalidItemAre400() throws Exception {
            assertProblem(send(port, "GET", "/accounts/a?token=not-a-token", null), 400, "token");
            Answer blank = send(port, "POST", "/accounts", account(UUID.randomUUID().toString(), "b@example.com",
                    " ", null, null));
            assertProblem(blank, 400, "name");
            assertThat(blank.body().get("errors").get("name").asString()).isNotBlank();
        }

        @Test
        void anItemOverDynamoDbsLimitIs413() throws Exception {
            Answer huge = send(port, "POST", "/accounts", account(UUID.randomUUID().toString(), "h@example.com",
                    "h", "x".repeat(410_000), null));
            assertProblem(huge, 413, "409600");
        }

        @Test
        void anotherStoresFailureIsLeftToTheApplication() throws Exception {
            Answer other = send(port, "GET", "/other-store", null);
            assertThat(other.status()).isEqualTo(500);
            assertThat(other.contentType()).doesNotStartWith("application/problem+json");
        }
    }

    @Nested
    @SpringBootTest(classes = WebApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {"keypath.dynamodb.table-name=spring-problems-disclosed", "server.address=127.0.0.1",
                "keypath.dynamodb.problem-details.include-holder=true",
                "keypath.dynamodb.problem-details.include-exception=true",
                "keypath.dynamodb.problem-details.include-stacktrace=true"})
    class Disclosed {
        @LocalServerPort
        int port;

        @Test
        void theHolderTheExceptionAndItsTraceWhenAskedFor() throws Exception {
            Taken taken = takeTheEmailOfAnother(port);
            assertThat(taken.answer().status()).isEqualTo(409);
            String holder = KeyPath.of("account", taken.holder()).toString();
            assertThat(taken.answer().body().get("holder").asString()).isEqualTo(holder);
            assertThat(taken.answer().body().get("exception").asString()).contains("UniqueKeyConflictException")
                    .contains("is held by " + holder);
            assertThat(taken.answer().body().get("trace").asString()).contains("at dev.keypath");
        }
    }

    @Nested
    @SpringBootTest(classes = WebApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {"keypath.dynamodb.table-name=spring-problems-validated", "server.address=127.0.0.1",
                "spring.mvc.problemdetails.enabled=true"})
    class RequestValidation {
        @LocalServerPort
        int port;

        @Test
        void aRequestBodyThatFailsValidationListsEachInvalidFieldWithItsMessage() throws Exception {
            Answer invalid = send(port, "POST", "/accounts/validated", account(UUID.randomUUID().toString(),
                    "not an e-mail", " ", null, null));
            assertProblem(invalid, 400, "Invalid request content");
            assertThat(invalid.body().get("errors").propertyNames()).containsExactlyInAnyOrder("email", "name");
            assertThat(invalid.body().get("errors").get("name").asString()).isEqualTo("must not be blank");
            assertThat(invalid.body().get("errors").get("email").asString())
                    .isEqualTo("must be a well-formed email address");
        }

        @Test
        void keypathsOwnFailuresKeepTheirProblems() throws Exception {
            assertProblem(takeTheEmailOfAnother(port).answer(), 409, "is taken");
        }
    }

    @Nested
    @SpringBootTest(classes = WebApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {"keypath.dynamodb.table-name=spring-problems-off", "server.address=127.0.0.1",
                "keypath.dynamodb.problem-details.enabled=false"})
    class SwitchedOff {
        @LocalServerPort
        int port;

        @Test
        void keypathsFailuresAreTheApplicationsAgain() throws Exception {
            String id = UUID.randomUUID().toString();
            send(port, "POST", "/accounts", account(id, id + "@example.com", "ada", null, null));
            Answer again = send(port, "POST", "/accounts", account(id, "x" + id + "@example.com", "ada", null, null));
            assertThat(again.status()).isEqualTo(500);
            assertThat(again.contentType()).doesNotStartWith("application/problem+json");
        }
    }
}
