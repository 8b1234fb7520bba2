package dev.keypath.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** Reads the rows of a JMH result file written with {@code -rf json}. */
final class JmhResults {
    private JmhResults() {}

    static final String ALLOCATION = "gc.alloc.rate.norm";

    static List<ResultRow> read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    static List<ResultRow> parse(String json) {
        List<ResultRow> rows = new ArrayList<>();
        for (Object entry : (List<?>) Json.parse(json)) {
            rows.add(row((Map<?, ?>) entry));
        }
        return rows;
    }

    private static ResultRow row(Map<?, ?> result) {
        String benchmark = (String) result.get("benchmark");
        int method = benchmark.lastIndexOf('.');
        String className = benchmark.substring(benchmark.lastIndexOf('.', method - 1) + 1, method);
        String group = className.endsWith("Benchmark")
                ? className.substring(0, className.length() - "Benchmark".length()) : className;
        Map<?, ?> primary = (Map<?, ?>) result.get("primaryMetric");
        Map<?, ?> secondary = (Map<?, ?>) result.get("secondaryMetrics");
        Map<?, ?> allocation = secondary == null ? null : (Map<?, ?>) secondary.get(ALLOCATION);
        return new ResultRow(group + params((Map<?, ?>) result.get("params")), benchmark.substring(method + 1),
                number(primary.get("score")), number(primary.get("scoreError")), (String) primary.get("scoreUnit"),
                allocation == null ? Double.NaN : number(allocation.get("score")));
    }

    private static String params(Map<?, ?> params) {
        if (params == null || params.isEmpty()) {
            return "";
        }
        StringJoiner joined = new StringJoiner(", ", " (", ")");
        params.forEach((k, v) -> joined.add(k + "=" + v));
        return joined.toString();
    }

    /** JMH writes "NaN" as a string when a score has no error estimate (one iteration). */
    private static double number(Object value) {
        return value instanceof Double d ? d : Double.NaN;
    }
}
