package dev.keypath.benchmarks;

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

    static List<ResultRow> parse(String json) {
        List<ResultRow> rows = new ArrayList<>();
        for (JsonNode entry : MAPPER.readTree(json)) {
            addRows(entry, rows);
        }
        return rows;
    }

    /**
     * One row per benchmark method. A JMH group (methods running side by side, named {@code group_variant}) is one
     * result whose members are secondary metrics: each becomes a row of group {@code Class group}, without
     * allocation, which JMH measures for the whole group only.
     */
    private static void addRows(JsonNode result, List<ResultRow> rows) {
        String benchmark = result.get("benchmark").asString();
        String group = family(benchmark) + params(result.get("params"));
        String name = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        String memberPrefix = name + "_";
        JsonNode secondary = result.path("secondaryMetrics");
        boolean grouped = false;
        for (Map.Entry<String, JsonNode> metric : secondary.properties()) {
            if (metric.getKey().startsWith(memberPrefix)) {
                grouped = true;
                rows.add(new ResultRow(group + " " + name, metric.getKey().substring(memberPrefix.length()),
                        number(metric.getValue().get("score")), number(metric.getValue().get("scoreError")),
                        metric.getValue().get("scoreUnit").asString(), Double.NaN));
            }
        }
        if (grouped) {
            return;
        }
        JsonNode primary = result.get("primaryMetric");
        JsonNode allocation = secondary.get(ALLOCATION);
        rows.add(new ResultRow(group, name, number(primary.get("score")), number(primary.get("scoreError")),
                primary.get("scoreUnit").asString(), allocation == null ? Double.NaN : number(allocation.get("score"))));
    }

    /** The benchmark's class without its package and its {@code Benchmark} suffix: {@code MapperPut}. */
    static String family(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        String className = benchmark.substring(benchmark.lastIndexOf('.', method - 1) + 1, method);
        return className.endsWith("Benchmark") ? className.substring(0, className.length() - "Benchmark".length())
                : className;
    }

    /** A result's parameters as {@code " (name=value, ...)"}, or nothing when it has none. */
    static String params(JsonNode params) {
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
