package dev.keypath.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.SourceDSL;

/** {@link Page#ofType}: the items of one type, in order, with the page's token, scanned count and capacity. */
class PageTest {
    private static final OperationCapacity SPENT = OperationCapacity.of(2.5, 0,
            Map.of("t", new OperationCapacity.Units(2.5, 0)), Map.of(), Map.of(), 1, 1);

    @Test
    void aPageWhoseItemsAreAllOfTheTypeIsItselfAndCopiesNothing() {
        Page<Object> page = new Page<>(List.of("a", "b", "c"), "token", 7, SPENT);
        Page<String> typed = page.ofType(String.class);
        assertThat(typed).isSameAs(page);
        assertThat(typed.items()).isSameAs(page.items());
        assertThat(typed.capacity()).isSameAs(SPENT);
    }

    @Test
    void itemsOfOtherTypesAreDroppedInOrderAndTheRestOfThePageKept() {
        Gen<List<Object>> mixed = SourceDSL.lists().of(SourceDSL.integers().between(0, 99).map(i -> i % 3 == 0
                ? (Object) ("s" + i) : (Object) i)).ofSizeBetween(0, 40);
        QuickTheory.qt().forAll(mixed).checkAssert(items -> {
            Page<Object> page = new Page<>(items, items.isEmpty() ? null : "next", items.size() + 3, SPENT);
            Page<String> strings = page.ofType(String.class);
            Page<Integer> numbers = page.ofType(Integer.class);
            List<Object> strung = new ArrayList<>();
            items.stream().filter(String.class::isInstance).forEach(strung::add);
            assertThat(strings.items()).containsExactlyElementsOf(strung.stream().map(String.class::cast).toList());
            assertThat(strings.items().size() + numbers.items().size()).isEqualTo(items.size());
            for (Page<?> typed : List.of(strings, numbers)) {
                assertThat(typed.nextPageToken()).isEqualTo(page.nextPageToken());
                assertThat(typed.scannedCount()).isEqualTo(page.scannedCount());
                assertThat(typed.capacity()).isSameAs(SPENT);
            }
        });
    }
}
