package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The verification's own reading of a source item ({@link SourceReading}) and the mapping's conversion agree on
 * random items: the same key path and the same item (the marker aside), or both find that it cannot move, or both
 * leave it behind. Attribute names are drawn from ordinary ones, renamed ones, dropped ones, the old keys and the
 * names keypath keeps.
 */
class SourceReadingTest {
    static final List<String> NAMES = List.of("title", "body", "likes", "legacy", "GSI1PK", "PK", "SK", "pk", "sk",
            "_type", "_ttl", "_kp_aliases", "_kp_src", "byTag_pk", "old", "renamedToo");
    static final MigrationMapping MAPPING = MigrationMapping.parseJson("""
            {"drop": ["GSI1PK"], "rename": {"_type": "legacyType", "old": "renamedToo"},
             "entities": [
               {"name": "user", "pk": "USER#{u:uuid}", "sk": "PROFILE", "keyPath": "/user-{u}", "type": "User",
                "drop": ["likes"]},
               {"name": "post", "pk": "USER#{u:uuid}", "sk": "POST#{p:int}", "keyPath": "/user-{u}/post-{p}",
                "type": "Post", "rename": {"_ttl": "legacyTtl", "_type": "kind"}}]}
            """);
    static final Tables TABLES = new Tables("source", Set.of("byTag_pk"));

    static QuickTheory qt() {
        return QuickTheory.qt().withExamples(Math.min(10_000, Integer.getInteger("keypath.properties.examples", 10_000)));
    }

    @Test
    void theVerificationsReadingAgreesWithTheMappingOnRandomItems() {
        qt().forAll(integers().between(0, 5), lists().of(integers().between(0, NAMES.size() - 1)).ofSizeBetween(0, 6),
                integers().between(0, 3)).checkAssert((shape, names, kind) -> {
                    Map<String, AttributeValue> item = new LinkedHashMap<>();
                    item.put("PK", AttributeValue.fromS(shape == 5 ? "ORG#1" : "USER#" + SocialTable.user(shape)));
                    item.put("SK", AttributeValue.fromS(shape % 2 == 0 ? "PROFILE" : shape == 3 ? "POST#x"
                            : "POST#" + shape));
                    for (int n : names) {
                        item.put(NAMES.get(n), value(kind, n));
                    }
                    ItemOutcome mapped = MAPPING.map(item, TABLES);
                    SourceReading.Reading read = SourceReading.read(MAPPING, TABLES, item);
                    if (mapped instanceof ItemOutcome.Mapped m) {
                        assertThat(read).as(item.toString()).isInstanceOfSatisfying(SourceReading.Expected.class, e -> {
                            assertThat(e.keyPath()).isEqualTo(m.keyPath());
                            Map<String, AttributeValue> withMarker = new LinkedHashMap<>(e.item());
                            withMarker.put(SourceMarker.ATTRIBUTE, e.marker());
                            assertThat(m.item()).isEqualTo(withMarker);
                        });
                    } else if (mapped instanceof ItemOutcome.Invalid) {
                        assertThat(read).as(item.toString()).isInstanceOf(SourceReading.CannotMove.class);
                    } else {
                        assertThat(read).as(item.toString()).isInstanceOf(SourceReading.Unmatched.class);
                    }
                });
    }

    private static AttributeValue value(int kind, int n) {
        return switch (kind) {
            case 0 -> AttributeValue.fromS("v" + n);
            case 1 -> AttributeValue.fromN(Integer.toString(n));
            case 2 -> AttributeValue.fromM(Map.of("n", AttributeValue.fromN(Integer.toString(n))));
            default -> AttributeValue.fromNul(true);
        };
    }
}
