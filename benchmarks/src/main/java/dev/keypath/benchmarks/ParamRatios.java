package dev.keypath.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The ratios of results that differ in one JMH parameter only: each result whose parameter {@code name} is not
 * {@code value} against the result of the same benchmark whose parameter is, all other parameters equal (this build
 * with an observer against the other build, say). The interval takes each score's 99.9 % error at its worst:
 * (score - error) / (base + error) to (score + error) / (base - error).
 */
final class ParamRatios {
    private ParamRatios() {}

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    /** One result against its base: the benchmark, the other parameters, the compared value and the ratio. */
    record ParamRatio(String benchmark, String others, String value, double score, double base, double ratio,
            double low, double high) {}

    /** Every result of {@code json} whose {@code name} parameter is not {@code value}, against the one whose is. */
    static List<ParamRatio> parse(String json, String name, String value) {
        List<Result> results = new ArrayList<>();
        for (JsonNode result : MAPPER.readTree(json)) {
            Map<String, String> params = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> p : result.path("params").properties()) {
                params.put(p.getKey(), p.getValue().asString());
            }
            String benchmark = result.get("benchmark").asString();
            JsonNode primary = result.get("primaryMetric");
            results.add(new Result(JmhResults.family(benchmark) + " " + benchmark.substring(
                    benchmark.lastIndexOf('.') + 1), params, primary.get("score").doubleValue(),
                    primary.path("scoreError").isNumber() ? primary.get("scoreError").doubleValue() : Double.NaN));
        }
        List<ParamRatio> ratios = new ArrayList<>();
        for (Result r : results) {
            String compared = r.params.get(name);
            if (compared == null || compared.equals(value)) {
                continue;
            }
            Map<String, String> others = new LinkedHashMap<>(r.params);
            others.remove(name);
            results.stream().filter(b -> b.benchmark.equals(r.benchmark) && value.equals(b.params.get(name))
                            && Objects.equals(without(b.params, name), others))
                    .findFirst()
                    .ifPresent(b -> ratios.add(new ParamRatio(r.benchmark, others.toString(), compared, r.score,
                            b.score, r.score / b.score, (r.score - r.error) / (b.score + b.error),
                            (r.score + r.error) / (b.score - b.error))));
        }
        return ratios;
    }

    /** A Markdown table of {@code ratios}, or nothing if there are none. */
    static String render(List<ParamRatio> ratios, String name, String value) {
        if (ratios.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("| benchmark | parameters | ").append(name)
                .append(" | time | time at ").append(value).append(" | ratio | interval |\n")
                .append("|---|---|---|---:|---:|---:|---:|\n");
        for (ParamRatio r : ratios) {
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %.1f | %.1f | %.3fx | %.3f–%.3fx |%n",
                    r.benchmark(), r.others(), r.value(), r.score(), r.base(), r.ratio(), r.low(), r.high()));
        }
        return sb.toString();
    }

    private static Map<String, String> without(Map<String, String> params, String name) {
        Map<String, String> rest = new LinkedHashMap<>(params);
        rest.remove(name);
        return rest;
    }

    private record Result(String benchmark, Map<String, String> params, double score, double error) {}
}
