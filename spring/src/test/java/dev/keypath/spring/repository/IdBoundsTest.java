package dev.keypath.spring.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyId;
import java.math.BigInteger;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class IdBoundsTest {
    @Test
    void kindsByJavaType() {
        assertThat(IdBounds.of(long.class)).isEqualTo(IdBounds.INTEGER);
        assertThat(IdBounds.of(Integer.class)).isEqualTo(IdBounds.INTEGER);
        assertThat(IdBounds.of(BigInteger.class)).isEqualTo(IdBounds.INTEGER);
        assertThat(IdBounds.of(UUID.class)).isEqualTo(IdBounds.UUID_ID);
        assertThat(IdBounds.of(String.class).bounded()).isFalse();
    }

    @Test
    void integerSteps() {
        assertThat(IdBounds.INTEGER.next(KeyId.of(41))).contains(KeyId.of(42));
        assertThat(IdBounds.INTEGER.previous(KeyId.of(0))).contains(KeyId.of(-1));
        assertThat(IdBounds.INTEGER.next(IdBounds.INTEGER.max())).isEmpty();
        assertThat(IdBounds.INTEGER.previous(IdBounds.INTEGER.min())).isEmpty();
        assertThat(IdBounds.INTEGER.next(KeyId.of(Long.MAX_VALUE)).orElseThrow().asBigInteger())
                .isEqualTo(BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE));
    }

    @Test
    void uuidStepsAreUnsigned() {
        UUID u = new UUID(0, -1L);
        assertThat(IdBounds.UUID_ID.next(KeyId.of(u)).orElseThrow().asUuid()).isEqualTo(new UUID(1, 0));
        assertThat(IdBounds.UUID_ID.previous(KeyId.of(new UUID(1, 0))).orElseThrow().asUuid()).isEqualTo(u);
        assertThat(IdBounds.UUID_ID.next(IdBounds.UUID_ID.max())).isEmpty();
        assertThat(IdBounds.UUID_ID.previous(IdBounds.UUID_ID.min())).isEmpty();
    }
}
