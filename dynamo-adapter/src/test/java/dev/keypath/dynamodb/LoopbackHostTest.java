package dev.keypath.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one loopback check of the CLI, the Spring client and keypath-test's engines. */
class LoopbackHostTest {
    @Test
    void loopbackSpellingsAreLoopback() {
        for (String host : List.of("localhost", "LocalHost", "127.0.0.1", "127.1.2.3", "127.255.255.255", "[::1]",
                "::1", "[0:0:0:0:0:0:0:1]", "[0000:0000:0000:0000:0000:0000:0000:0001]", "[::ffff:127.0.0.1]")) {
            assertThat(LoopbackHost.isLoopback(host)).as(host).isTrue();
        }
        assertThat(LoopbackHost.isLoopback(URI.create("http://127.0.0.1:8000"))).isTrue();
        assertThat(LoopbackHost.isLoopback(URI.create("http://[::1]:4566"))).isTrue();
    }

    @Test
    void everythingElseIsNotAndNamesAreNeverLookedUp() {
        for (String host : List.of("", "10.0.0.1", "128.0.0.1", "0.0.0.0", "126.255.255.255", "127.0.0.256",
                "127.1", "127.0.0.1.5", "dynamodb.eu-west-1.amazonaws.com", "localhost.example.com",
                // hex-only names and names this machine may map to 127.0.0.1 are names, not addresses
                "cafe", "beef", "dead", "vm", "[::2]", "[fe80::1]", "[::ffff:10.0.0.1]", "[:::]", "[]", "::g")) {
            assertThat(LoopbackHost.isLoopback(host)).as(host).isFalse();
        }
        assertThat(LoopbackHost.isLoopback((String) null)).isFalse();
        assertThat(LoopbackHost.isLoopback((URI) null)).isFalse();
        assertThat(LoopbackHost.isLoopback(URI.create("file:///tmp/x"))).isFalse();
    }
}
