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
        Map<String, Integer> code = Map.of(
                "TERMINATOR", (int) KeyEncoding.TERMINATOR,
                "SEPARATOR", (int) KeyEncoding.SEPARATOR,
                "ESCAPE", (int) KeyEncoding.ESCAPE,
                "TYPE_STRING", KeyEncoding.TYPE_STRING,
                "TYPE_INTEGER", KeyEncoding.TYPE_INTEGER,
                "TYPE_BYTES", KeyEncoding.TYPE_BYTES,
                "TYPE_BITS", KeyEncoding.TYPE_BITS,
                "POSITIVE_SORT_BASE", KeyEncoding.POSITIVE_SORT_BASE,
                "NEGATIVE_SORT_BASE", KeyEncoding.NEGATIVE_SORT_BASE,
                "MAX_INTEGER_BYTES", KeyEncoding.MAX_INTEGER_BYTES);
        assertThat(documented).isEqualTo(code);
    }
}
