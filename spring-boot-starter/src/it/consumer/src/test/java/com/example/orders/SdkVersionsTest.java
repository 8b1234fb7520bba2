package com.example.orders;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Every AWS SDK module on the class path (keypath's, DynamoDB Local's, the Enhanced Client) at keypath's version. */
class SdkVersionsTest {
    private static final Pattern SDK_JAR = Pattern.compile(
            ".*[/\\\\]software[/\\\\]amazon[/\\\\]awssdk[/\\\\]([^/\\\\]+)[/\\\\]([^/\\\\]+)[/\\\\][^/\\\\]+\\.jar");

    @Test
    void everySdkModuleHasOneVersion() {
        Map<String, String> versions = new TreeMap<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Matcher m = SDK_JAR.matcher(entry);
            if (m.matches()) {
                versions.put(m.group(1), m.group(2));
            }
        }
        assertThat(versions).containsKeys("dynamodb", "dynamodb-enhanced", "pinpoint");
        assertThat(versions).allSatisfy((module, version) ->
                assertThat(version).as(module).isEqualTo(System.getProperty("expected.aws.sdk.version")));
    }
}
