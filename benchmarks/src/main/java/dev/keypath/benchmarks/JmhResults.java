package dev.keypath.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads the rows of a JMH result file written with {@code -rf json}. */
final class JmhResults {
    private JmhResults() {}

    static final String ALLOCATION = "gc.alloc.rate.norm";
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    static List<ResultRow> read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    static List<ResultRow> parse(String json) {
        List<ResultRow> rows = new ArrayList<>();
        for (JsonNode entry : MAPPER.readTree(json)) {
            rows.add(row(entry));
        }
        return rows;
    }

    private static ResultRow row(JsonNode result) {
        String benchmark = result.get("benchmark").asString();
        int method = benchmark.lastIndexOf('.');
        String className = benchmark.substring(benchmark.lastIndexOf('.', method - 1) + 1, method);
        String group = className.endsWith("Benchmark")
                ? className.substring(0, className.length() - "Benchmark".length()) : className;
        JsonNode primary = result.get("primaryMetric");
        JsonNode allocation = result.path("secondaryMetrics").get(ALLOCATION);
        return new ResultRow(group + params(result.get("params")), benchmark.substring(method + 1),
                number(primary.get("score")), number(primary.get("scoreError")), primary.get("scoreUnit").asString(),
                allocation == null ? Double.NaN : number(allocation.get("score")));
    }

    private static String params(JsonNode params) {
        if (params == null || params.isEmpty()) {
            return "";
        }
        StringJoiner joined = new StringJoiner(", ", " (", ")");
        for (Map.Entry<String, JsonNode> p : params.properties()) {
            joined.add(p.getKey() + "=" + p.getValue().asString());
        }
        return joined.toString();
    }

    /** JMH writes "NaN" as a string when a score has no error estimate (one iteration). */
    private static double number(JsonNode value) {
        return value != null && value.isNumber() ? value.doubleValue() : Double.NaN;
    }
}
