package dev.keypath.dynamodb.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The embedded engine answers on loopback only and never keeps the JVM alive. */
class EmbeddedDynamoDbTest {
    @Test
    void listensOnLoopbackOnly() throws IOException {
        try (EmbeddedDynamoDb db = EmbeddedDynamoDb.start()) {
            assertThat(db.client().listTables().tableNames()).isNotNull();
            List<String> listening = listeningAddresses(db.port());
            assertThat(listening).as("sockets listening on port %d", db.port()).isNotEmpty()
                    .allMatch(address -> address.equals("127.0.0.1"), "a loopback address");
        }
    }

    @Test
    void aProgramThatNeverClosesItStillExits() throws Exception {
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), EngineLeftOpen.class.getName())
                .redirectErrorStream(true).start();
        java.util.concurrent.CompletableFuture<String> output = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    } catch (IOException e) {
                        return "(output unreadable: " + e + ")";
                    }
                });
        boolean exited = process.waitFor(5, TimeUnit.MINUTES); // a ceiling that stops a hang, not a speed
        if (!exited) {
            new ProcessBuilder("jcmd", Long.toString(process.pid()), "Thread.print").inheritIO()
                    .redirectOutput(new java.io.File("/tmp/child-threads.txt")).start().waitFor(20, TimeUnit.SECONDS);
            process.destroyForcibly();
        }
        String text = output.get(10, TimeUnit.SECONDS);
        assertThat(exited).as("exited by itself; output:%n%s", text).isTrue();
        assertThat(text).contains("tables: []");
        assertThat(process.exitValue()).isZero();
    }

    /** Local addresses of the sockets in LISTEN state on {@code port}, from the kernel's tables. */
    static List<String> listeningAddresses(int port) throws IOException {
        List<String> addresses = new ArrayList<>();
        String hexPort = String.format(Locale.ROOT, "%04X", port);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path path = Path.of(table);
            if (!Files.exists(path)) {
                continue;
            }
            List<String> lines = Files.readAllLines(path); // read once: the table changes as sockets come and go
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                String[] local = f[1].split(":");
                if (local[1].equals(hexPort) && f[3].equals("0A")) {
                    addresses.add(decode(local[0]));
                }
            }
        }
        return addresses;
    }

    private static String decode(String hex) {
        if (hex.length() == 8) { // IPv4, little-endian
            return Integer.parseInt(hex.substring(6, 8), 16) + "." + Integer.parseInt(hex.substring(4, 6), 16) + "."
                    + Integer.parseInt(hex.substring(2, 4), 16) + "." + Integer.parseInt(hex.substring(0, 2), 16);
        }
        if (hex.equals("00000000000000000000000000000000")) {
            return "::";
        }
        if (hex.equals("00000000000000000000000001000000")) {
            return "::1";
        }
        if (hex.startsWith("0000000000000000FFFF0000")) {
            return decode(hex.substring(24));
        }
        return hex;
    }
}
