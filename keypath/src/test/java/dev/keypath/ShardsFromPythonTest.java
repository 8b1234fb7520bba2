package dev.keypath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Another client computes what keypath stores: the Python snippet published in docs/FORMAT.md, section 14, run by
 * {@code python3} as the page prints it, gives the same calculated shard and the same sharded partition key as
 * {@link ShardKeys} for generated integers (the extremes and zero included), strings (with punctuation, accents and
 * characters beyond the Basic Multilingual Plane) and UUIDs, over shard counts from 1 to 65,536.
 */
class ShardsFromPythonTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final Path FORMAT = Path.of("..", "docs", "FORMAT.md");
    private static final String DRIVER = """

            import sys, uuid
            for line in sys.stdin:
                kind, value, count, pk = line.split()
                if kind == "i":
                    segment = int_segment(int(value))
                elif kind == "s":
                    segment = str_segment(bytes.fromhex(value).decode("utf-8"))
                else:
                    segment = bytes_segment(uuid.UUID(value).bytes)
                shard = calculated_shard([segment], int(count))
                print(shard, sharded_pk(bytes.fromhex(pk), shard).hex())
            """;

    @Test
    void thePublishedPythonComputesKeypathsShardsAndKeys() throws Exception {
        SplittableRandom random = new SplittableRandom(29);
        List<KeyPath> paths = new ArrayList<>();
        for (long v : new long[] {0, 1, -1, 127, 128, 255, 256, -256, Long.MAX_VALUE, Long.MIN_VALUE}) {
            paths.add(KeyPath.of("event", v));
        }
        for (int i = 0; i < 300; i++) {
            paths.add(switch (i % 3) {
                case 0 -> KeyPath.of("event", random.nextLong() >> random.nextInt(64));
                case 1 -> KeyPath.of("event", text(random));
                default -> KeyPath.of("event", new UUID(random.nextLong(), random.nextLong()));
            });
        }
        StringBuilder input = new StringBuilder();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            KeyPath path = KeyPath.of("day", "2026-11-27").then(paths.get(i).namespace(0), paths.get(i).id(0));
            KeyId id = path.id(1);
            int count = i % 4 == 0 ? 65_536 : 1 + random.nextInt(64);
            String value = id instanceof IntegerId ? "i " + id.asLong()
                    : id instanceof StringId ? "s " + HEX.formatHex(id.asString().getBytes(StandardCharsets.UTF_8))
                    : "u " + id.asUuid();
            input.append(value).append(' ').append(count).append(' ').append(HEX.formatHex(path.partitionKey())).append('\n');
            int shard = ShardKeys.calculatedShard(count, List.of(id));
            expected.add(shard + " " + HEX.formatHex(ShardKeys.encode(path, shard)));
        }
        assertThat(python(snippet() + DRIVER, input.toString())).as("what python3 printed for\n%s", input)
                .containsExactlyElementsOf(expected);
    }

    /** A string of 1 to 12 characters, often holding punctuation, an accent or a character outside the BMP. */
    private static String text(SplittableRandom random) {
        StringBuilder b = new StringBuilder();
        int length = 1 + random.nextInt(12);
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(5)) {
                case 0 -> b.append("-/ \"é\\{}".charAt(random.nextInt(8)));
                case 1 -> b.appendCodePoint(0x1F600 + random.nextInt(64));
                default -> b.append((char) ('a' + random.nextInt(26)));
            }
        }
        return b.toString();
    }

    /** The Python block of FORMAT.md's "From another client". */
    private static String snippet() throws IOException {
        String format = Files.readString(FORMAT);
        int section = format.indexOf("### From another client");
        assertThat(section).as("FORMAT.md has its section 'From another client'").isPositive();
        int start = format.indexOf("```python\n", section) + "```python\n".length();
        int end = format.indexOf("```", start);
        return format.substring(start, end);
    }

    private static List<String> python(String program, String input) throws Exception {
        Path script = Files.createTempFile("keypath-shards", ".py");
        try {
            Files.writeString(script, program);
            Process p;
            try {
                p = new ProcessBuilder("python3", script.toString()).redirectErrorStream(true).start();
            } catch (IOException e) {
                throw new AssertionError("python3 is needed to check FORMAT.md's Python (CI installs it): " + e, e);
            }
            p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as("python3 exit; output:%n%s", out).isZero();
            return out.lines().toList();
        } finally {
            Files.deleteIfExists(script);
        }
    }
}
