package dev.keypath.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.keypath.benchmarks.PairedRatios.PairedRatio;
import java.util.List;
import org.junit.jupiter.api.Test;

class PairedRatiosTest {

    private static final String GROUP = """
            [{"benchmark": "dev.keypath.benchmarks.EndToEndPairedBenchmark.get", "mode": "avgt",
              "primaryMetric": {"score": 600.0, "scoreError": 30, "scoreUnit": "us/op", "rawData": [[1, 2], [3, 4]]},
              "secondaryMetrics": {
                "gc.alloc.rate.norm": {"score": 140000.0, "scoreError": 10, "scoreUnit": "B/op", "rawData": [[1, 1], [1, 1]]},
                "get_keyPath": {"score": 600.0, "scoreError": 20, "scoreUnit": "us/op", "rawData": [[500, 600], [700, 800]]},
                "get_rawClientBinaryKeys": {"score": 600.0, "scoreError": 25, "scoreUnit": "us/op", "rawData": [[550, 600], [560, 800]]}}},
             {"benchmark": "dev.keypath.benchmarks.CoreCodecEncodeBenchmark.keyPath", "mode": "avgt",
              "primaryMetric": {"score": 50.0, "scoreError": 2.5, "scoreUnit": "ns/op", "rawData": [[50, 50]]},
              "secondaryMetrics": {}}]
            """;

    @Test
    void parsePairsEachIterationWithTheBaselinesSameIteration() {
        List<PairedRatio> ratios = PairedRatios.parse(GROUP, "keyPath");

        assertThat(ratios).hasSize(1);
        PairedRatio r = ratios.get(0);
        assertThat(r.group()).isEqualTo("EndToEndPaired get");
        assertThat(r.variant()).isEqualTo("rawClientBinaryKeys");
        assertThat(r.iterations()).isEqualTo(4);
        // 550/500, 600/600, 560/700, 800/800: the means of the two columns are equal, the pairs are not
        assertThat(r.min()).isEqualTo(0.8);
        assertThat(r.max()).isEqualTo(1.1);
        assertThat(r.mean()).isEqualTo((1.1 + 1.0 + 0.8 + 1.0) / 4);
        // two forks give no interval (JMH's statistics need three values)
        assertThat(r.error()).isNaN();
        assertThat(PairedRatios.render(ratios, "keyPath")).contains(
                "| EndToEndPaired get | rawClientBinaryKeys | 0.975x | n/a | 0.800x | 1.100x | 4 |");
    }

    @Test
    void theIntervalComesFromTheForksMeanRatios() {
        String threeForks = GROUP
                .replace("\"rawData\": [[500, 600], [700, 800]]", "\"rawData\": [[500, 600], [700, 800], [100, 100]]")
                .replace("\"rawData\": [[550, 600], [560, 800]]", "\"rawData\": [[550, 600], [560, 800], [110, 100]]");

        PairedRatio r = PairedRatios.parse(threeForks, "keyPath").get(0);

        // the forks' mean ratios are 1.05, 0.9 and 1.05: standard deviation 0.0866025; t(0.9995, 2 df) = 31.599
        assertThat(r.mean()).isCloseTo(1.0, within(1e-9));
        assertThat(r.error()).isCloseTo(31.599 * 0.0866025 / Math.sqrt(3), within(0.001));
    }

    @Test
    void groupsAreLabelledWithTheirParameters() {
        String withParams = GROUP.replaceFirst("\"mode\": \"avgt\",",
                "\"mode\": \"avgt\", \"params\": {\"observer\": \"meters\"},");

        assertThat(PairedRatios.parse(withParams, "keyPath").get(0).group())
                .isEqualTo("EndToEndPaired (observer=meters) get");
    }

    @Test
    void resultsWithoutGroupsHaveNoPairedTable() {
        assertThat(PairedRatios.render(PairedRatios.parse(GROUP, "tuple"), "tuple")).isEmpty();
    }

    @Test
    void membersWithDifferentIterationCountsAreRejected() {
        String uneven = GROUP.replace("\"rawData\": [[550, 600], [560, 800]]", "\"rawData\": [[550, 600]]");
        assertThatThrownBy(() -> PairedRatios.parse(uneven, "keyPath")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 iterations against 4");
    }
}
