package dev.keypath;

import static dev.keypath.Properties.qt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.generators.Generate.oneOf;
import static org.quicktheories.generators.Generate.range;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Sort-key bounds select exactly the right paths from a generated set: nothing in the range is missed,
 * and everything else the bounds let through is told apart by {@link KeyRange#contains}, which agrees
 * with an independent definition of the range.
 */
class KeyRangePropertiesTest {
    private static final KeyPath ROOT = KeyPath.of("r", 1);
    private static final KeyPath OTHER_ROOT = KeyPath.of("r", 2);
    private static final Gen<List<KeyPath>> CROWD = lists().of(oneOf(PathGenerators.crowdedPaths(ROOT),
            PathGenerators.crowdedPaths(OTHER_ROOT))).ofSizeBetween(1, 30);
    private static final Gen<KeyPath> PREFIXES = PathGenerators.crowdedPaths(ROOT)
            .flatMap(p -> range(1, p.size()).map(p::prefix));



    @Test
    void subtreeBoundsPlusContainsSelectExactlyTheSubtree() {
        qt().forAll(CROWD, PREFIXES).checkAssert((items, prefix) -> {
            KeyRange range = KeyRange.subtree(prefix);
            for (KeyPath item : items) {
                boolean expected = isInSubtree(item, prefix);
                boolean inBounds = withinBounds(range, item);
                if (expected) {
                    assertThat(inBounds).as("%s must be inside the bounds of %s", item, range).isTrue();
                }
                assertThat(inBounds && range.contains(item)).as("%s selected by %s", item, range).isEqualTo(expected);
            }
        });
    }

    @Test
    void betweenBoundsAreExact() {
        qt().forAll(CROWD, PREFIXES, PREFIXES).checkAssert((items, a, b) -> {
            KeyPath from = a.compareTo(b) <= 0 ? a : b;
            KeyPath to = a.compareTo(b) <= 0 ? b : a;
            KeyRange range = KeyRange.between(from, to);
            for (KeyPath item : items) {
                boolean expected = item.first().equals(from.first())
                        && Arrays.compareUnsigned(from.encode(), item.encode()) <= 0
                        && Arrays.compareUnsigned(item.encode(), to.encode()) <= 0;
                assertThat(withinBounds(range, item)).as("%s in %s", item, range).isEqualTo(expected);
                assertThat(range.contains(item)).isEqualTo(expected);
            }
        });
    }

    /** Independent definition: same elements up to the prefix; an id-less last prefix element matches by namespace. */
    private static boolean isInSubtree(KeyPath item, KeyPath prefix) {
        if (item.size() < prefix.size()) {
            return false;
        }
        for (int i = 0; i < prefix.size(); i++) {
            PathElement p = prefix.element(i);
            PathElement e = item.element(i);
            boolean lastIdless = i == prefix.size() - 1 && !p.hasId();
            if (!e.namespace().equals(p.namespace()) || (!lastIdless && !java.util.Objects.equals(e.id(), p.id()))) {
                return false;
            }
        }
        return true;
    }

    /** What DynamoDB would return: same partition key and lower <= sk <= upper. */
    private static boolean withinBounds(KeyRange range, KeyPath item) {
        if (!Arrays.equals(range.partitionKey(), item.partitionKey())) {
            return false;
        }
        if (!range.hasSortKeyCondition()) {
            return true;
        }
        byte[] sk = item.sortKey();
        return Arrays.compareUnsigned(range.lowerSortKey(), sk) <= 0 && Arrays.compareUnsigned(sk, range.upperSortKey()) <= 0;
    }

    @Test
    void collectionPrefixSelectsAllPostsOfAUser() {
        List<KeyPath> all = List.of(
                KeyPath.parse("/user-1"), KeyPath.parse("/user-1/post-2"), KeyPath.parse("/user-1/post-10/comment-3"),
                KeyPath.parse("/user-1/postage-1"), KeyPath.parse("/user-1/pos-1"), KeyPath.parse("/user-1/post"),
                KeyPath.parse("/user-2/post-1"), KeyPath.parse("/user-1/post-abc"));
        KeyRange posts = KeyRange.subtree(KeyPath.parse("/user-1/post"));
        TreeSet<String> selected = all.stream().filter(p -> withinBounds(posts, p) && posts.contains(p))
                .map(KeyPath::toString).collect(Collectors.toCollection(TreeSet::new));
        assertThat(selected).containsExactly("/user-1/post", "/user-1/post-10/comment-3", "/user-1/post-2", "/user-1/post-abc");
        KeyRange whole = KeyRange.subtree(KeyPath.parse("/user-1"));
        assertThat(whole.hasSortKeyCondition()).isFalse();
        assertThatThrownBy(whole::lowerSortKey).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void betweenRejectsReversedOrCrossPartitionEnds() {
        assertThatThrownBy(() -> KeyRange.between(KeyPath.parse("/u-1/c-9"), KeyPath.parse("/u-1/c-2")))
                .hasMessageContaining("sorts after");
        assertThatThrownBy(() -> KeyRange.between(KeyPath.parse("/u-1/c-1"), KeyPath.parse("/u-2/c-2")))
                .hasMessageContaining("different partitions");
    }
}
