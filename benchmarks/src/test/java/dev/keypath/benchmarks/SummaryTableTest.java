package dev.keypath.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTableTest {

    private static final String JMH_JSON = """
            [
              {"benchmark": "dev.keypath.benchmarks.CoreCodecEncodeBenchmark.keyPath", "mode": "avgt",
               "primaryMetric": {"score": 50.0, "scoreError": 2.5, "scoreUnit": "ns/op"},
               "secondaryMetrics": {"gc.alloc.rate.norm": {"score": 80.0001, "scoreError": 0.001, "scoreUnit": "B/op"}}},
              {"benchmark": "dev.keypath.benchmarks.CoreCodecEncodeBenchmark.tuple", "mode": "avgt",
               "primaryMetric": {"score": 400.0, "scoreError": "NaN", "scoreUnit": "ns/op"},
               "secondaryMetrics": {}},
              {"benchmark": "dev.keypath.benchmarks.MapperPutBenchmark.enhancedClient", "mode": "avgt",
               "params": {"items": "10"},
               "primaryMetric": {"score": 1.5e3, "scoreError": 10, "scoreUnit": "ns/op"}}
            ]
            """;

    @Test
    void parseReadsGroupVariantScoresAndAllocation() {
        List<ResultRow> rows = JmhResults.parse(JMH_JSON);

        assertThat(rows).hasSize(3);
        assertThat(rows.get(0)).isEqualTo(new ResultRow("CoreCodecEncode", "keyPath", 50.0, 2.5, "ns/op", 80.0001));
        assertThat(rows.get(1).error()).isNaN();
        assertThat(rows.get(1).bytesPerOp()).isNaN();
        assertThat(rows.get(2).group()).isEqualTo("MapperPut (items=10)");
    }

    @Test
    void parseSplitsAJmhGroupIntoItsMembers() {
        String group = """
                [{"benchmark": "dev.keypath.benchmarks.EndToEndPairedBenchmark.get", "mode": "avgt",
                  "primaryMetric": {"score": 600.0, "scoreError": 30, "scoreUnit": "us/op"},
                  "secondaryMetrics": {
                    "gc.alloc.rate.norm": {"score": 140000.0, "scoreError": 10, "scoreUnit": "B/op"},
                    "get_keyPath": {"score": 610.0, "scoreError": 20, "scoreUnit": "us/op"},
                    "get_rawClientBinaryKeys": {"score": 590.0, "scoreError": 25, "scoreUnit": "us/op"}}}]
                """;

        List<ResultRow> rows = JmhResults.parse(group);

        assertThat(rows).containsExactly(
                new ResultRow("EndToEndPaired get", "keyPath", 610.0, 20.0, "us/op", Double.NaN),
                new ResultRow("EndToEndPaired get", "rawClientBinaryKeys", 590.0, 25.0, "us/op", Double.NaN));
        assertThat(new SummaryTable("keyPath").render(rows))
                .contains("| EndToEndPaired get | rawClientBinaryKeys | 590 us | 25.0 | n/a | 0.97x |");
    }

    @Test
    void renderShowsRatiosAgainstTheBaselineOfEachGroup() {
        String table = new SummaryTable("keyPath").render(JmhResults.parse(JMH_JSON));

        assertThat(table.lines()).containsExactly(
                "| group | benchmark | time/op | ± error | B/op | time vs keyPath |",
                "|---|---|---:|---:|---:|---:|",
                "| CoreCodecEncode | keyPath | 50.0 ns | 2.50 | 80.0 | 1.00x (baseline) |",
                "| CoreCodecEncode | tuple | 400 ns | n/a | n/a | 8.00x |",
                "| MapperPut (items=10) | enhancedClient | 1500 ns | 10.0 | n/a | n/a |");
    }

    @Test
    void keySizesMatchTheArticle() {
        assertThat(KeySizes.measure()).first().extracting(KeySizes.Size::bytes).isEqualTo(63);
        assertThat(KeySizes.table()).contains("| keypath (DynamoDB PK + SK) | 63 | 25 + 38 |");
    }
}
