package dev.keypath.benchmarks.readcost;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.benchmarks.readcost.ReadCostRun.Sample;
import dev.keypath.benchmarks.readcost.RequestMeter.Tally;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * keypath's reads pay for what they return: on the same data, at the same consistency, each access pattern through
 * keypath (told to read eventually consistent, or told nothing) consumes no more read and write units than through the
 * Enhanced Client, and reads at most 1.1 items per item returned wherever its schema proves that the key range or
 * index holds only the requested type. Capacity is a deterministic count on DynamoDB Local, so these are counts, not
 * timings.
 *
 * <p>The flat layout (docs/COST.md's descendants elsewhere) is held to every pattern. The hierarchical layout reads a
 * user's posts from the sparse local index COST.md teaches, and is held to every pattern but three, each left to a
 * disabled test that names why the layout cannot meet it: a range of a post's comments holds the comments' reactions,
 * a deleted post is read with its subtree, and the index costs a write per entry.
 */
class ReadCostTargetsTest {
    private static final double MAX_READ_PER_RETURNED = 1.1;
    private static final String PEER = "Enhanced Client";
    private static final String[] KEYPATH = {
        "keypath hierarchical", "keypath flat", "keypath hierarchical, defaults", "keypath flat, defaults"};

    /** Per layout, the patterns held to the Enhanced Client's read units. */
    private static final Map<String, Set<AccessPattern>> COMPARED_READS = Map.of(
            "keypath flat", EnumSet.allOf(AccessPattern.class),
            "keypath hierarchical", EnumSet.complementOf(EnumSet.of(AccessPattern.COMMENTS_BETWEEN,
                    AccessPattern.DELETE_POST)));

    /** Per layout, the patterns held to the Enhanced Client's write units. */
    private static final Map<String, Set<AccessPattern>> COMPARED_WRITES = Map.of(
            "keypath flat", EnumSet.allOf(AccessPattern.class),
            "keypath hierarchical", EnumSet.complementOf(EnumSet.of(AccessPattern.CREATE_POST,
                    AccessPattern.DELETE_POST)));

    /**
     * Per layout, the patterns whose range holds only the type they ask for: the user's key; the {@code byTag} index,
     * which only posts declare; a deleted subtree, all of which is deleted; in the flat layout, a user's partition
     * ({@code /user-{}/post} and the user's {@code profile}) and a post's comments ({@code /post-{}/comment}), which
     * hold nothing else there; in the hierarchy, the local index {@code posts}, which only users and posts declare.
     */
    private static final Map<String, Set<AccessPattern>> ONE_TYPE_RANGES = Map.of(
            "keypath hierarchical", EnumSet.of(AccessPattern.GET_USER, AccessPattern.USER_AND_LATEST_POSTS,
                    AccessPattern.NEWEST_BY_TAG, AccessPattern.POSTS_IN_PAGES, AccessPattern.DELETE_POST),
            "keypath flat", EnumSet.of(AccessPattern.GET_USER, AccessPattern.USER_AND_LATEST_POSTS,
                    AccessPattern.COMMENTS_BETWEEN, AccessPattern.NEWEST_BY_TAG, AccessPattern.POSTS_IN_PAGES,
                    AccessPattern.DELETE_POST));

    private static PeerFixture fixture;
    private static final Map<AccessPattern, Map<String, Sample>> SAMPLES = new LinkedHashMap<>();

    @BeforeAll
    static void measure() {
        fixture = new PeerFixture();
        for (AccessPattern pattern : AccessPattern.values()) {
            SAMPLES.put(pattern, fixture.runAll(pattern));
        }
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    static Stream<Arguments> comparedReads() {
        return runsIn(COMPARED_READS);
    }

    static Stream<Arguments> comparedWrites() {
        return runsIn(COMPARED_WRITES);
    }

    static Stream<Arguments> oneTypeRanges() {
        return runsIn(ONE_TYPE_RANGES);
    }

    static Stream<Arguments> hierarchicalComments() {
        return hierarchical(AccessPattern.COMMENTS_BETWEEN);
    }

    static Stream<Arguments> hierarchicalDelete() {
        return hierarchical(AccessPattern.DELETE_POST);
    }

    static Stream<Arguments> hierarchicalWrites() {
        return Stream.concat(hierarchical(AccessPattern.CREATE_POST), hierarchical(AccessPattern.DELETE_POST));
    }

    /** Each pattern with each keypath variant whose layout {@code patterns} names it for. */
    private static Stream<Arguments> runsIn(Map<String, Set<AccessPattern>> patterns) {
        return Stream.of(AccessPattern.values()).flatMap(p -> Stream.of(KEYPATH)
                .filter(k -> patterns.get(k.replace(", defaults", "")).contains(p)).map(k -> Arguments.of(p, k)));
    }

    private static Stream<Arguments> hierarchical(AccessPattern pattern) {
        return Stream.of(Arguments.of(pattern, "keypath hierarchical"),
                Arguments.of(pattern, "keypath hierarchical, defaults"));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("comparedReads")
    void readUnitsAtMostTheEnhancedClients(AccessPattern pattern, String keypath) {
        assertReadUnitsAtMostThePeers(pattern, keypath);
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("comparedWrites")
    void writeUnitsAtMostTheEnhancedClients(AccessPattern pattern, String keypath) {
        assertWriteUnitsAtMostThePeers(pattern, keypath);
    }

    @Disabled("hierarchical layout: a post's comments between two timestamps are a range of the post's subtree, "
            + "where each comment's reactions lie under it, between the comments; every item of the range is read and "
            + "no read limit removes the reactions (docs/COST.md: keep the reactions beside the comments, the flat "
            + "layout)")
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("hierarchicalComments")
    void theHierarchysCommentsBetweenTwoTimestamps(AccessPattern pattern, String keypath) {
        assertReadUnitsAtMostThePeers(pattern, keypath);
    }

    @Disabled("hierarchical layout: deleteSubtree reads the keys of the post's whole subtree, the post among them, "
            + "where the Enhanced Client deletes the post by key without reading it: one item more to read, which can "
            + "cross a 4 KB boundary")
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("hierarchicalDelete")
    void theHierarchysDeleteReadsThePostToo(AccessPattern pattern, String keypath) {
        assertReadUnitsAtMostThePeers(pattern, keypath);
    }

    @Disabled("hierarchical layout: the local index posts (docs/COST.md, a sparse local index of the children) holds "
            + "an entry of each post and user, written with the post and with the user's count, twice over in a "
            + "transaction, and deleted with the post; the Enhanced Client's table has no such index")
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("hierarchicalWrites")
    void theHierarchysWritesPayForItsIndex(AccessPattern pattern, String keypath) {
        assertWriteUnitsAtMostThePeers(pattern, keypath);
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("oneTypeRanges")
    void readsLittleMoreThanItReturnsWhereTheRangeHoldsOneType(AccessPattern pattern, String keypath) {
        Sample mine = SAMPLES.get(pattern).get(keypath);
        long read = mine.tally().itemsRead();
        int returned = mine.outcome().returned();

        assertThat((double) read / returned).as(String.format(Locale.ROOT,
                        "%s, %s: read %d items for %d returned (%.2f per item, at most %.1f)",
                        pattern.label(), keypath, read, returned, (double) read / returned, MAX_READ_PER_RETURNED))
                .isLessThanOrEqualTo(MAX_READ_PER_RETURNED);
    }

    private static void assertReadUnitsAtMostThePeers(AccessPattern pattern, String keypath) {
        Tally mine = SAMPLES.get(pattern).get(keypath).tally();
        Tally peer = SAMPLES.get(pattern).get(PEER).tally();

        assertThat(mine.readUnits()).as(over(pattern, keypath, "RCU", mine.readUnits(), peer.readUnits()))
                .isLessThanOrEqualTo(peer.readUnits());
    }

    private static void assertWriteUnitsAtMostThePeers(AccessPattern pattern, String keypath) {
        Tally mine = SAMPLES.get(pattern).get(keypath).tally();
        Tally peer = SAMPLES.get(pattern).get(PEER).tally();

        assertThat(mine.writeUnits()).as(over(pattern, keypath, "WCU", mine.writeUnits(), peer.writeUnits()))
                .isLessThanOrEqualTo(peer.writeUnits());
    }

    private static String over(AccessPattern pattern, String keypath, String units, double mine, double peer) {
        return String.format(Locale.ROOT, "%s, %s: %.1f %s against the %s's %.1f (%s)", pattern.label(), keypath, mine,
                units, PEER, peer, peer == 0 ? "+" + mine : String.format(Locale.ROOT, "%.2f×", mine / peer));
    }
}
