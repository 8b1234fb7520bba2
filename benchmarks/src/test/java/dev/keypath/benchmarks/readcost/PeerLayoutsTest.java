package dev.keypath.benchmarks.readcost;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.benchmarks.readcost.ReadCostRun.Sample;
import dev.keypath.benchmarks.readcost.ReadCostRun.Variant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The read-cost benchmark compares like with like: the three layouts hold the same data, every library's run of a
 * pattern gives the same result (the one the data set says is right) and leaves the same state, and a run's count is
 * the same every time, so that a test may compare counts.
 */
class PeerLayoutsTest {
    private static PeerFixture fixture;

    @BeforeAll
    static void load() {
        fixture = new PeerFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void everyLayoutHoldsTheDataSetsItemsOfEachType() {
        assertThat(fixture.data.countsByType()).containsEntry("User", 10L).containsKeys("Post", "Comment", "Reaction");
        assertThat(fixture.data.size()).isBetween(1_500, 3_000);
        for (PeerTable table : fixture.tables) {
            assertThat(table.countsByType()).as(table.label()).isEqualTo(fixture.data.countsByType());
        }
    }

    @Test
    void theDataSetIsTheSameForTheSameSeed() {
        SocialDataSet again = SocialDataSet.generate(SocialDataSet.Shape.SMALL, PeerFixture.SEED);

        assertThat(again.items()).isEqualTo(fixture.data.items());
        assertThat(SocialDataSet.generate(SocialDataSet.Shape.SMALL, PeerFixture.SEED + 1).items())
                .isNotEqualTo(fixture.data.items());
    }

    @Test
    void theWorkloadGivesEveryPatternSomethingToDo() {
        Workload w = fixture.run.workload();

        assertThat(w.expected(AccessPattern.USER_AND_LATEST_POSTS).returned()).isEqualTo(1 + Workload.LATEST_POSTS);
        assertThat(w.expected(AccessPattern.NEWEST_BY_TAG).returned()).isEqualTo(Workload.TAGGED_POSTS);
        assertThat(w.expected(AccessPattern.POSTS_IN_PAGES).returned()).as("at least two pages")
                .isEqualTo(w.pagedPosts).isGreaterThan(Workload.PAGE_SIZE);
        assertThat(w.expected(AccessPattern.COMMENTS_BETWEEN).returned()).isGreaterThanOrEqualTo(10)
                .isLessThan(fixture.data.commentsOf(w.thread.postId()).size());
        assertThat(w.victimItems).as("a delete of more than one batch").isGreaterThan(25);
        assertThat(fixture.data.reactionsOf(w.thread.postId())).as("reactions among the thread's comments").isNotEmpty();
    }

    @ParameterizedTest
    @EnumSource(AccessPattern.class)
    void everyLibraryGivesTheExpectedResultAndLeavesTheExpectedState(AccessPattern pattern) {
        Workload w = fixture.run.workload();
        Outcome expected = w.expected(pattern);
        for (Variant v : fixture.variants) {
            Sample s = fixture.run.run(v, pattern);
            try {
                assertThat(s.outcome()).as(v.label()).isEqualTo(expected);
                assertThat(v.table().stateAfter(pattern, w)).as(v.label()).isEqualTo(w.expectedState(pattern));
            } finally {
                v.table().restore(pattern, w, fixture.data);
            }
        }
        for (PeerTable table : fixture.tables) {
            assertThat(table.countsByType()).as(table.label() + " after the pattern was undone")
                    .isEqualTo(fixture.data.countsByType());
        }
    }

    @ParameterizedTest
    @EnumSource(AccessPattern.class)
    void aRunCountsTheSameEveryTime(AccessPattern pattern) {
        Map<String, Sample> first = fixture.runAll(pattern);
        Map<String, Sample> second = fixture.runAll(pattern);

        for (String label : first.keySet()) {
            assertThat(second.get(label).tally()).as(label).isEqualTo(first.get(label).tally());
            assertThat(first.get(label).tally().requests()).as(label).isPositive();
        }
    }

    @Test
    void theMeterCountsWhatTheAnswersReport() {
        Sample get = fixture.run.run(fixture.variant("Enhanced Client"), AccessPattern.GET_USER);

        assertThat(get.tally()).as("one eventually consistent get of an item under 4 KB")
                .isEqualTo(new RequestMeter.Tally(1, 0.5, 0, 1));
        Sample transaction = fixture.run.runChecked(fixture.variant("Enhanced Client"), AccessPattern.CREATE_POST, false);
        assertThat(transaction.tally().readUnits()).isZero();
        assertThat(transaction.tally().writeUnits()).as("two items written transactionally, and the index entry")
                .isPositive();
        assertThat(transaction.tally().itemsRead()).isZero();
    }
}
