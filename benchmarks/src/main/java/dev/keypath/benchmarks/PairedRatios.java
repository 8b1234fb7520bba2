package dev.keypath.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.util.ListStatistics;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The ratios of JMH groups, iteration by iteration: in a group the members run side by side, so each measured
 * iteration gives one ratio of a member's time to the baseline member's, free of what moved both (the engine,
 * the JIT, the collector, the machine). Reports their mean, minimum and maximum over all forks' iterations, and
 * the 99.9 % confidence interval of the mean from the forks' own means (Student's t): each fork compiles the
 * members anew, and what the JIT made of them moves a fork's ratios together, so iterations of one fork are not
 * independent measurements.
 */
final class PairedRatios {
    private PairedRatios() {}

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final double CONFIDENCE = 0.999;

    /** One member's per-iteration ratios to the baseline member of its group. */
    record PairedRatio(String group, String variant, double mean, double error, double min, double max,
            int iterations) {}

    /** The paired ratios of every JMH group in {@code json} that has a member named {@code group_baseline}. */
    static List<PairedRatio> parse(String json, String baseline) {
        List<PairedRatio> ratios = new ArrayList<>();
        for (JsonNode result : MAPPER.readTree(json)) {
            String benchmark = result.get("benchmark").asString();
            String name = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            String prefix = name + "_";
            JsonNode members = result.path("secondaryMetrics");
            JsonNode base = members.get(prefix + baseline);
            if (base == null) {
                continue;
            }
            List<List<Double>> baseTimes = iterations(base);
            String group = JmhResults.family(benchmark) + JmhResults.params(result.get("params")) + " " + name;
            for (Map.Entry<String, JsonNode> member : members.properties()) {
                String variant = member.getKey();
                if (variant.startsWith(prefix) && !variant.equals(prefix + baseline)) {
                    ratios.add(ratio(group, variant.substring(prefix.length()), iterations(member.getValue()),
                            baseTimes));
                }
            }
        }
        return ratios;
    }

    /** A Markdown table of {@code ratios}, or nothing if there are none. */
    static String render(List<PairedRatio> ratios, String baseline) {
        if (ratios.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("| group | benchmark | time vs ").append(baseline)
                .append(", per iteration: mean | 99.9 % interval | min | max | iterations |\n")
                .append("|---|---|---:|---:|---:|---:|---:|\n");
        for (PairedRatio r : ratios) {
            String interval = Double.isNaN(r.error()) ? "n/a"
                    : String.format(Locale.ROOT, "%.3f–%.3fx", r.mean() - r.error(), r.mean() + r.error());
            sb.append(String.format(Locale.ROOT, "| %s | %s | %.3fx | %s | %.3fx | %.3fx | %d |%n", r.group(),
                    r.variant(), r.mean(), interval, r.min(), r.max(), r.iterations()));
        }
        return sb.toString();
    }

    private static PairedRatio ratio(String group, String variant, List<List<Double>> forks,
                                     List<List<Double>> baseForks) {
        int iterations = forks.stream().mapToInt(List::size).sum();
        int baseIterations = baseForks.stream().mapToInt(List::size).sum();
        if (iterations != baseIterations || iterations == 0 || forks.size() != baseForks.size()) {
            throw new IllegalArgumentException(group + " " + variant + ": " + iterations + " iterations against "
                    + baseIterations + " of the baseline");
        }
        ListStatistics all = new ListStatistics();
        ListStatistics forkMeans = new ListStatistics();
        for (int f = 0; f < forks.size(); f++) {
            ListStatistics fork = new ListStatistics();
            for (int i = 0; i < forks.get(f).size(); i++) {
                double r = forks.get(f).get(i) / baseForks.get(f).get(i);
                all.addValue(r);
                fork.addValue(r);
            }
            forkMeans.addValue(fork.getMean());
        }
        double error = forkMeans.getN() > 1 ? forkMeans.getMeanErrorAt(CONFIDENCE) : Double.NaN;
        return new PairedRatio(group, variant, all.getMean(), error, all.getMin(), all.getMax(), iterations);
    }

    /** Every measured iteration, fork by fork. */
    private static List<List<Double>> iterations(JsonNode metric) {
        List<List<Double>> forks = new ArrayList<>();
        for (JsonNode fork : metric.path("rawData")) {
            List<Double> times = new ArrayList<>();
            for (JsonNode iteration : fork) {
                times.add(iteration.doubleValue());
            }
            forks.add(times);
        }
        return forks;
    }
}
