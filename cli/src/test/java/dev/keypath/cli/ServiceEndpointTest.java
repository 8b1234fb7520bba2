package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every command that talks to DynamoDB takes its {@code --endpoint} and {@code --region} from one place and refuses
 * an endpoint that is not an http or https URL as a usage error, before it reads any file or opens a connection.
 */
class ServiceEndpointTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "scan --table t",
        "create-table --table t",
        "export --table t --out /nonexistent/out",
        "import --table t --in /nonexistent/in",
        "changes --table t",
        "migrate plan --source a --target b --mapping /nonexistent/mapping.json",
        "migrate run --source a --target b --mapping /nonexistent/mapping.json",
        "migrate verify --source a --target b --mapping /nonexistent/mapping.json"})
    void anEndpointThatIsNotAnHttpUrlIsAUsageError(String command) {
        for (String endpoint : new String[] {"localhost:8000", "ftp://127.0.0.1:8000", "http:///no-host"}) {
            CliRun run = CliRun.of(args(command, "--endpoint", endpoint, "--region", "eu-west-1"));

            assertThat(run.exitCode()).as(command + " " + endpoint).isEqualTo(2);
            assertThat(run.err()).contains("Invalid value for option '--endpoint': expected an http or https URL, got '"
                    + endpoint + "'");
            assertThat(run.out()).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"scan", "create-table", "export", "import", "changes", "migrate plan", "migrate run", "migrate verify"})
    void helpListsTheSharedOptions(String command) {
        CliRun run = CliRun.of(args(command, "--help"));

        assertThat(run.exitCode()).isZero();
        String help = run.out().replaceAll("\\s+", " "); // picocli wraps the descriptions
        assertThat(help).contains("--endpoint=URL The DynamoDB endpoint")
                .contains("--region=R The signing region (default: AWS_REGION, else AWS_DEFAULT_REGION, else us-east-1)");
    }

    private static String[] args(String command, String... more) {
        String[] words = command.split(" ");
        String[] all = new String[words.length + more.length];
        System.arraycopy(words, 0, all, 0, words.length);
        System.arraycopy(more, 0, all, words.length, more.length);
        return all;
    }
}
