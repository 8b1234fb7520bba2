package dev.keypath.dynamodb.internal.request;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Version 7 ids of one table sort in the order they were made, as {@link AutoId.Strategy#UUID_V7} promises: also
 * many in the same millisecond (a burst of puts, or a fixed clock), and when the clock steps back.
 */
class IdGeneratorTest {
    @ItemType(keyPath = "/visit-{visitId}")
    record Visit(@AutoId(AutoId.Strategy.UUID_V7) UUID visitId, String page) {
    }

    private static final DefaultItemSchema<Visit> SCHEMA =
            DefaultItemSchema.create(Visit.class, JsonMapper.builder().build());

    /** A clock whose every reading is the millisecond the test set last. */
    private static final class SetClock extends Clock {
        final AtomicLong millis = new AtomicLong(Instant.parse("2026-12-07T00:00:00Z").toEpochMilli());

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis.get());
        }
    }

    private static KeyPath next(IdGenerator ids) {
        UUID id = (UUID) ids.generate(SCHEMA, new Visit(null, "p"), p -> 0).get("visitId");
        assertThat(id.version()).isEqualTo(7);
        assertThat(id.variant()).isEqualTo(2);
        return KeyPath.of("visit", id);
    }

    @Test
    void idsMadeInTheSameMillisecondSortInTheOrderTheyWereMade() {
        SetClock clock = new SetClock();
        IdGenerator ids = new IdGenerator(clock);
        List<KeyPath> made = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            made.add(next(ids));
        }
        assertThat(made).isSorted().doesNotHaveDuplicates();
        long first = made.get(0).id(0).asUuid().getMostSignificantBits() >>> 16;
        assertThat(first).as("the clock's millisecond").isEqualTo(clock.millis.get());
    }

    @Test
    void aClockSteppingBackDoesNotMakeAnEarlierId() {
        SetClock clock = new SetClock();
        IdGenerator ids = new IdGenerator(clock);
        KeyPath before = next(ids);
        clock.millis.addAndGet(-5_000);
        KeyPath after = next(ids);
        clock.millis.addAndGet(10_000);
        KeyPath later = next(ids);
        assertThat(List.of(before, after, later)).isSorted().doesNotHaveDuplicates();
        assertThat(later.id(0).asUuid().getMostSignificantBits() >>> 16).isEqualTo(clock.millis.get());
    }

    @Test
    void tablesOnTheSystemClockMakeIdsThatSortInTheOrderAnyOfThemMadeThem() {
        IdGenerator first = new IdGenerator(Clock.systemUTC());
        IdGenerator second = new IdGenerator(Clock.systemUTC());
        List<KeyPath> made = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) { // many in each millisecond
            made.add(next(i % 2 == 0 ? first : second));
        }
        assertThat(made).isSorted().doesNotHaveDuplicates();
    }
}
