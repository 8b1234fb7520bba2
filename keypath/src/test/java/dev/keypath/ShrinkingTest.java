package dev.keypath;

import static dev.keypath.Properties.qt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.quicktheories.generators.Generate.range;

import org.junit.jupiter.api.Test;

/** A failing property reports its smallest counterexample, so a failure in CI names a case one can read. */
class ShrinkingTest {
    @Test
    void aFalsePropertyIsReportedWithItsMinimalCounterexample() {
        int oneByteInteger = KeyPath.of("item", 0).encodedLength();
        Throwable failure = catchThrowable(() -> qt().forAll(range(0, 1_000_000))
                .check(n -> KeyPath.of("item", n).encodedLength() == oneByteInteger));
        // 256 is the smallest id that needs a second byte (0 to 255 take one after the sort byte)
        assertThat(failure).isInstanceOf(AssertionError.class)
                .hasMessageContaining("Smallest found falsifying value(s) :-\n256\n");
    }
}
