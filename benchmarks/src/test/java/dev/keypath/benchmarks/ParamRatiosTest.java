package dev.keypath.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.keypath.benchmarks.ParamRatios.ParamRatio;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParamRatiosTest {

    private static String result(String method, String build, String client, double score, double error) {
        return """
                {"benchmark": "dev.keypath.benchmarks.BuildsBenchmark.%s", "mode": "avgt",
                 "params": {"build": "%s", "client": "%s"},
                 "primaryMetric": {"score": %s, "scoreError": %s, "scoreUnit": "ns/op", "rawData": [[1]]},
                 "secondaryMetrics": {}}""".formatted(method, build, client, score, error);
    }

    private static final String RUN = "[" + String.join(",",
            result("get", "previous", "sdk", 100, 2),
            result("get", "none", "sdk", 103, 1),
            result("get", "previous", "canned", 10, 1),
            result("get", "meters", "canned", 12, 1),
            result("put", "none", "sdk", 200, 1)) + "]";

    @Test
    void eachResultMeetsTheResultThatDiffersInTheOneParameter() {
        List<ParamRatio> ratios = ParamRatios.parse(RUN, "build", "previous");

        assertThat(ratios).extracting(ParamRatio::benchmark, ParamRatio::value, ParamRatio::others)
                .containsExactly(
                        tuple("Builds get", "none", "{client=sdk}"),
                        tuple("Builds get", "meters", "{client=canned}"));
        ParamRatio sdk = ratios.get(0);
        assertThat(sdk.ratio()).isCloseTo(1.03, within(1e-9));
        assertThat(sdk.low()).isCloseTo(102.0 / 102.0, within(1e-9));
        assertThat(sdk.high()).isCloseTo(104.0 / 98.0, within(1e-9));
        assertThat(ParamRatios.render(ratios, "build", "previous"))
                .contains("| Builds get | {client=canned} | meters | 12.0 | 10.0 | 1.200x | 1.000–1.444x |");
    }

    @Test
    void aResultWithoutItsBaseIsLeftOut() {
        assertThat(ParamRatios.parse(RUN, "build", "previous")).noneMatch(r -> r.benchmark().equals("Builds put"));
        assertThat(ParamRatios.render(ParamRatios.parse(RUN, "build", "nothing"), "build", "nothing")).isEmpty();
    }
}
