package dev.keypath.spring.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.SliceImpl;

class KeyPathPageRequestTest {
    @Test
    void firstPageHasNoToken() {
        KeyPathPageRequest first = KeyPathPageRequest.ofSize(20);
        assertThat(first.token()).isNull();
        assertThat(first.getPageNumber()).isZero();
        assertThat(KeyPathPageRequest.of(20, " ")).isEqualTo(first);
        assertThat(KeyPathPageRequest.tokenOf(first)).isEmpty();
        assertThat(KeyPathPageRequest.tokenOf(PageRequest.of(0, 5))).isEmpty();
    }

    @Test
    void sliceCarriesTheNextToken() {
        KeyPathPageRequest read = KeyPathPageRequest.of(2, "t1").withNextToken("t2");
        SliceImpl<String> slice = new SliceImpl<>(List.of("a", "b"), read, true);
        Pageable next = slice.nextPageable();
        assertThat(KeyPathPageRequest.tokenOf(next)).contains("t2");
        assertThat(KeyPathPageRequest.nextTokenOf(slice)).contains("t2");
        assertThat(next.getPageSize()).isEqualTo(2);
        assertThat(next.getPageNumber()).isEqualTo(2);
        assertThat(KeyPathPageRequest.nextTokenOf(new SliceImpl<>(List.of("a"), read, false))).isEmpty();
    }

    @Test
    void cannotJumpOrGoBack() {
        KeyPathPageRequest r = KeyPathPageRequest.of(5, "t");
        assertThatThrownBy(r::next).isInstanceOf(IllegalStateException.class).hasMessageContaining("nextPageable");
        assertThatThrownBy(() -> r.withPage(3)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(r.hasPrevious()).isFalse();
        assertThat(r.previousOrFirst()).isEqualTo(KeyPathPageRequest.ofSize(5));
        assertThatThrownBy(() -> KeyPathPageRequest.ofSize(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
