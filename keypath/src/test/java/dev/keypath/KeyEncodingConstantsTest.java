package dev.keypath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The constants table of docs/FORMAT.md and KeyEncoding must agree. */
class KeyEncodingConstantsTest {

    @Test
    void constantsMatchTheSpec() throws IOException {
        Path spec = Path.of("..", "docs", "FORMAT.md");
        Map<String, Integer> documented = new LinkedHashMap<>();
        Matcher m = Pattern.compile("^\\| ([A-Z_]+) \\| (0x[0-9A-Fa-f]+|\\d+) \\|", Pattern.MULTILINE)
                .matcher(Files.readString(spec));
        while (m.find()) {
            documented.put(m.group(1), Integer.decode(m.group(2)));
        }
        Map<String, Integer> code = Map.ofEntries(
                Map.entry("TERMINATOR", (int) KeyEncoding.TERMINATOR),
                Map.entry("SEPARATOR", (int) KeyEncoding.SEPARATOR),
                Map.entry("ESCAPE", (int) KeyEncoding.ESCAPE),
                Map.entry("TYPE_STRING", KeyEncoding.TYPE_STRING),
                Map.entry("TYPE_INTEGER", KeyEncoding.TYPE_INTEGER),
                Map.entry("TYPE_BYTES", KeyEncoding.TYPE_BYTES),
                Map.entry("TYPE_SHARD", KeyEncoding.TYPE_SHARD),
                Map.entry("SHARD_BYTES", KeyEncoding.SHARD_BYTES),
                Map.entry("TYPE_BITS", KeyEncoding.TYPE_BITS),
                Map.entry("POSITIVE_SORT_BASE", KeyEncoding.POSITIVE_SORT_BASE),
                Map.entry("NEGATIVE_SORT_BASE", KeyEncoding.NEGATIVE_SORT_BASE),
                Map.entry("MAX_INTEGER_BYTES", KeyEncoding.MAX_INTEGER_BYTES));
        assertThat(documented).isEqualTo(code);
    }
}
