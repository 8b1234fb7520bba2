package dev.keypath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.math.BigInteger;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every public way to build an id or a path refuses a bad value with the core's typed exception and a position. */
class TypedErrorsTest {
    static Stream<Arguments> badValues() {
        return Stream.of(
                Arguments.of("empty string", (Supplier<Object>) () -> KeyId.of(""), "empty", 0),
                Arguments.of("control character", (Supplier<Object>) () -> KeyId.of("a\u0000"), "control character", 1),
                Arguments.of("lone surrogate", (Supplier<Object>) () -> KeyId.of("\ud800"), "unpaired surrogate", 0),
                Arguments.of("empty bytes", (Supplier<Object>) () -> KeyId.of(new byte[0]), "empty", 0),
                Arguments.of("integer beyond 2^64-1", (Supplier<Object>) () -> KeyId.of(BigInteger.ONE.shiftLeft(64)),
                        "outside", 0),
                Arguments.of("integer below -(2^64-1)",
                        (Supplier<Object>) () -> KeyId.of(BigInteger.ONE.shiftLeft(64).negate()), "outside", 0),
                Arguments.of("unsupported Java type", (Supplier<Object>) () -> KeyId.from(3.5), "Double", 0),
                Arguments.of("null id", (Supplier<Object>) () -> KeyId.from(null), "null", 0),
                Arguments.of("no elements", (Supplier<Object>) () -> KeyPath.of(List.of()), "at least one", 0),
                Arguments.of("id-less first element",
                        (Supplier<Object>) () -> KeyPath.of(List.of(new PathElement("user", null))), "needs an id", 0),
                Arguments.of("string id of a built path", (Supplier<Object>) () -> KeyPath.of("user", "x\u007f"),
                        "control character", 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badValues")
    void badValuesAreKeyPathFormatExceptionsWithAPosition(String what, Supplier<Object> call, String reason,
            int position) {
        Throwable thrown = catchThrowable(call::get);
        assertThat(thrown).as(what).isExactlyInstanceOf(KeyPathFormatException.class);
        KeyPathFormatException e = (KeyPathFormatException) thrown;
        assertThat(e.reason()).containsIgnoringCase(reason);
        assertThat(e.position()).isEqualTo(position);
        assertThat(e.getMessage()).contains("position " + position);
    }
}
