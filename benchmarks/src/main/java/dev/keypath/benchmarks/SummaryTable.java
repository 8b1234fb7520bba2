package dev.keypath.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders results as one Markdown table: per group, every variant's time and allocation and its time
 * relative to the group's baseline variant ({@code 8.00x} means eight times the baseline's time).
 */
final class SummaryTable {
    private final String baseline;

    SummaryTable(String baseline) {
        this.baseline = baseline;
    }

    String render(List<ResultRow> rows) {
        Map<String, List<ResultRow>> groups = new LinkedHashMap<>();
        for (ResultRow row : rows) {
            groups.computeIfAbsent(row.group(), g -> new ArrayList<>()).add(row);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("| group | benchmark | time/op | ± error | B/op | time vs ").append(baseline).append(" |\n");
        sb.append("|---|---|---:|---:|---:|---:|\n");
        groups.forEach((group, members) -> {
            ResultRow base = members.stream().filter(r -> r.variant().equals(baseline)).findFirst().orElse(null);
            for (ResultRow row : members) {
                sb.append("| ").append(group).append(" | ").append(row.variant())
                        .append(" | ").append(fmt(row.score())).append(' ').append(timeUnit(row.unit()))
                        .append(" | ").append(fmt(row.error()))
                        .append(" | ").append(Double.isNaN(row.bytesPerOp()) ? "n/a" : fmt(row.bytesPerOp()))
                        .append(" | ").append(ratio(row, base)).append(" |\n");
            }
        });
        return sb.toString();
    }

    private static String ratio(ResultRow row, ResultRow base) {
        if (base == null || !row.unit().equals(base.unit())) {
            return "n/a";
        }
        String r = String.format(Locale.ROOT, "%.2fx", row.score() / base.score());
        return row == base ? r + " (baseline)" : r;
    }

    private static String timeUnit(String unit) {
        return unit.endsWith("/op") ? unit.substring(0, unit.length() - 3) : unit;
    }

    private static String fmt(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, value >= 100 ? "%.0f" : value >= 10 ? "%.1f" : "%.2f", value);
    }
}
