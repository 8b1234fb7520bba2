package dev.keypath.dynamodb.evolution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.strings;

import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.SchemaChange;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Upgrading an item through reversible changes and downgrading it again gives the item back unchanged: each kind of
 * change alone, and a history of all of them in a row, on generated items of the oldest form (text with the
 * separator a split uses, numbers, attributes no change names).
 */
class SchemaChangeRoundTripTest {
    static final ItemHistory HISTORY = ItemHistory.of(h -> h
            .version(2, v -> v.renamed("name", "fullName"))
            .version(3, v -> v.added("nickname", AttributeValue.fromS("none")))
            .version(4, v -> v.retyped("age", n -> AttributeValue.fromS(n.n()), s -> AttributeValue.fromN(s.s())))
            .version(5, v -> v.split("address", List.of("street", "city"), SchemaChangeRoundTripTest::split,
                    SchemaChangeRoundTripTest::join))
            .version(6, v -> v.merged(List.of("fullName", "nickname"), "names", AttributeValue::fromM,
                    AttributeValue::m))
            .version(7, v -> v.typeRenamed("Person", "Member")));

    static Map<String, AttributeValue> split(AttributeValue address) {
        String[] parts = address.s().split("\\|", 2);
        Map<String, AttributeValue> out = new HashMap<>();
        out.put("street", AttributeValue.fromS(parts[0]));
        if (parts.length > 1) {
            out.put("city", AttributeValue.fromS(parts[1]));
        }
        return out;
    }

    static AttributeValue join(Map<String, AttributeValue> parts) {
        AttributeValue city = parts.get("city");
        return AttributeValue.fromS(parts.get("street").s() + (city == null ? "" : "|" + city.s()));
    }

    static Map<String, AttributeValue> item(String name, int age, String street, String city, boolean withCity,
                                            String other) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("_type", AttributeValue.fromS("Person"));
        item.put("name", AttributeValue.fromS(name));
        item.put("age", AttributeValue.fromN(Integer.toString(age)));
        item.put("address", AttributeValue.fromS(withCity ? street + "|" + city : street));
        item.put("other", AttributeValue.fromS(other));
        return item;
    }

    @Test
    void everyReversibleChangeAloneGivesTheItemBack() {
        qt().forAll(strings().allPossible().ofLengthBetween(0, 12), integers().between(-1000, 100000),
                        strings().basicLatinAlphabet().ofLengthBetween(0, 12), strings().allPossible().ofLengthBetween(0, 8))
                .checkAssert((name, age, street, other) -> {
                    Map<String, AttributeValue> original = item(name, age, street.replace("|", ""), street,
                            age % 2 == 0, other);
                    for (ItemHistory.Step step : HISTORY.steps()) {
                        Map<String, AttributeValue> before = upgradeTo(original, step.version() - 1);
                        Map<String, AttributeValue> item = new HashMap<>(before);
                        for (SchemaChange c : step.changes()) {
                            c.upgrade(item);
                        }
                        assertThat(item).as("version %d changes something", step.version()).isNotEqualTo(before);
                        for (SchemaChange c : reversed(step.changes())) {
                            c.downgrade(item);
                        }
                        assertThat(item).as("version %d there and back", step.version()).isEqualTo(before);
                    }
                });
    }

    @Test
    void theWholeHistoryUpAndDownGivesTheItemBack() {
        qt().forAll(strings().allPossible().ofLengthBetween(0, 12), integers().between(-1000, 100000),
                        strings().basicLatinAlphabet().ofLengthBetween(0, 12), strings().allPossible().ofLengthBetween(0, 8))
                .checkAssert((name, age, street, other) -> {
                    Map<String, AttributeValue> original = item(name, age, street.replace("|", ""), "c" + street,
                            age % 3 == 0, other);
                    Map<String, AttributeValue> newest = upgradeTo(original, HISTORY.latestVersion());
                    assertThat(newest.get("_type").s()).isEqualTo("Member");
                    assertThat(newest).containsKeys("names", "street", "other").doesNotContainKeys("name", "address");
                    Map<String, AttributeValue> back = new HashMap<>(newest);
                    for (ItemHistory.Step step : reversed(HISTORY.steps())) {
                        for (SchemaChange c : reversed(step.changes())) {
                            c.downgrade(back);
                        }
                    }
                    assertThat(back).isEqualTo(original);
                });
    }

    private static <E> List<E> reversed(List<E> list) {
        List<E> copy = new java.util.ArrayList<>(list);
        java.util.Collections.reverse(copy);
        return copy;
    }

    private static Map<String, AttributeValue> upgradeTo(Map<String, AttributeValue> item, int version) {
        Map<String, AttributeValue> copy = new HashMap<>(item);
        for (ItemHistory.Step step : HISTORY.steps()) {
            if (step.version() <= version) {
                step.changes().forEach(c -> c.upgrade(copy));
            }
        }
        return copy;
    }
}
