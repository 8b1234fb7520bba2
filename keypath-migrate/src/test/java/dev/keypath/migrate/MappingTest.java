package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.annotation.ItemType;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.quicktheories.QuickTheory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class MappingTest {
    static final UUID USER = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");

    static QuickTheory qt() {
        return QuickTheory.qt().withExamples(Math.min(2000, Integer.getInteger("keypath.properties.examples", 2000)));
    }

    static MigrationMapping social() {
        return MigrationMapping.parseJson(SocialTable.MAPPING_JSON);
    }

    static Map<String, AttributeValue> item(String pk, String sk, Object... more) {
        java.util.LinkedHashMap<String, AttributeValue> m = new java.util.LinkedHashMap<>();
        m.put("PK", AttributeValue.fromS(pk));
        m.put("SK", AttributeValue.fromS(sk));
        for (int i = 0; i < more.length; i += 2) {
            m.put((String) more[i], AttributeValue.fromS((String) more[i + 1]));
        }
        return m;
    }

    @Test
    void mapsACommentKeyToItsKeyPathTypeAndAttributes() {
        ItemOutcome outcome = social().map(item("USER#" + USER, "POST#000042#COMMENT#0007", "text", "hi",
                "GSI1PK", "x"));
        assertThat(outcome).isInstanceOf(ItemOutcome.Mapped.class);
        ItemOutcome.Mapped m = (ItemOutcome.Mapped) outcome;
        assertThat(m.keyPath()).isEqualTo(KeyPath.parse("/user-" + USER + "/post-42/comment-7"));
        assertThat(m.entity().name()).isEqualTo("comment");
        assertThat(m.item()).containsOnlyKeys("pk", "sk", "_type", "text", "_kp_src");
        assertThat(m.item().get("_type").s()).isEqualTo("Comment");
        assertThat(m.item().get("pk").b().asByteArray()).isEqualTo(m.keyPath().partitionKey());
        assertThat(m.item().get("sk").b().asByteArray()).isEqualTo(m.keyPath().sortKey());
        assertThat(m.sourceKeyBytes()).isEqualTo(("USER#" + USER).length() + "POST#000042#COMMENT#0007".length());
        assertThat(m.targetKeyBytes()).isEqualTo(m.keyPath().partitionKey().length + m.keyPath().sortKey().length);
    }

    @Test
    void theFirstEntityWhosePatternsMatchWins() {
        MigrationMapping mapping = MigrationMapping.builder()
                .entity("pinned", e -> e.partitionKey("USER#{u}").sortKey("POST#000001").keyPath("/user-{u}/pinned")
                        .type("Pinned"))
                .entity("post", e -> e.partitionKey("USER#{u}").sortKey("POST#{p:int}").keyPath("/user-{u}/post-{p}")
                        .type("Post"))
                .build();
        assertThat(((ItemOutcome.Mapped) mapping.map(item("USER#a", "POST#000001"))).entity().name())
                .isEqualTo("pinned");
        assertThat(((ItemOutcome.Mapped) mapping.map(item("USER#a", "POST#000002"))).keyPath())
                .isEqualTo(KeyPath.of("user", "a").then("post", 2));
    }

    @Test
    void itemsOfNoEntityAndItemsThatCannotMoveAreToldApart() {
        assertThat(social().map(item("LEGACY#1", "V0"))).isInstanceOf(ItemOutcome.Unmatched.class);
        assertThat(social().map(Map.of("PK", AttributeValue.fromN("1"), "SK", AttributeValue.fromS("x"))))
                .isInstanceOf(ItemOutcome.Unmatched.class);
        ItemOutcome badDate = social().map(item("DAY#2024-02-30", "EVENT#2024-02-30T00:00:00Z#e1"));
        assertThat(badDate).isInstanceOfSatisfying(ItemOutcome.Invalid.class,
                i -> assertThat(i.reason()).contains("{day:date}").contains("2024-02-30"));
        ItemOutcome tooBig = social().map(item("USER#" + USER, "POST#99999999999999999999999"));
        assertThat(tooBig).isInstanceOfSatisfying(ItemOutcome.Invalid.class,
                i -> assertThat(i.reason()).contains("key path cannot be built"));
    }

    @Test
    void aNameCapturedInBothKeysMustHaveOneValue() {
        MigrationMapping mapping = MigrationMapping.builder()
                .entity("profile", e -> e.partitionKey("USER#{u:int}").sortKey("PROFILE#{u:int}").keyPath("/user-{u}")
                        .type("User"))
                .build();
        assertThat(mapping.map(item("USER#7", "PROFILE#007"))).isInstanceOf(ItemOutcome.Mapped.class);
        assertThat(mapping.map(item("USER#7", "PROFILE#8"))).isInstanceOfSatisfying(ItemOutcome.Invalid.class,
                i -> assertThat(i.reason()).contains("{u} is 7 in pk but 8 in sk"));
    }

    @Test
    void zeroPaddedNumbersKeepTheirOrderAsIntegerIds() {
        MigrationMapping mapping = MigrationMapping.builder()
                .entity("post", e -> e.partitionKey("U").sortKey("POST#{p:int}").keyPath("/u-1/post-{p}").type("P"))
                .build();
        qt().forAll(longs().between(0, 999_999_999L), longs().between(0, 999_999_999L)).checkAssert((a, b) -> {
            byte[] ka = ((ItemOutcome.Mapped) mapping.map(item("U", String.format("POST#%010d", a)))).keyPath().encode();
            byte[] kb = ((ItemOutcome.Mapped) mapping.map(item("U", String.format("POST#%010d", b)))).keyPath().encode();
            assertThat(Integer.signum(Arrays.compareUnsigned(ka, kb))).isEqualTo(Long.signum(a - b));
        });
    }

    @Test
    void isoDatesBecomeEpochDaysInTheirOrder() {
        MigrationMapping mapping = MigrationMapping.builder()
                .entity("day", e -> e.partitionKey("DAY#{d:date}").sortKey("X").keyPath("/day-{d}").type("Day"))
                .build();
        qt().forAll(integers().between(-100_000, 2_000_000)).checkAssert(epochDay -> {
            LocalDate date = LocalDate.ofEpochDay(epochDay);
            if (date.getYear() < 0 || date.getYear() > 9999) {
                return;
            }
            KeyPath path = ((ItemOutcome.Mapped) mapping.map(item("DAY#" + date, "X"))).keyPath();
            assertThat(path.id(0).asLong()).isEqualTo((long) epochDay);
        });
    }

    @Test
    void instantsWithOffsetsBecomeEpochMilliseconds() {
        MigrationMapping mapping = MigrationMapping.builder()
                .entity("ev", e -> e.partitionKey("EV#{t:instant}").sortKey("X").keyPath("/ev-{t}").type("Ev"))
                .build();
        KeyPath utc = ((ItemOutcome.Mapped) mapping.map(item("EV#2024-03-01T10:15:30.250Z", "X"))).keyPath();
        KeyPath offset = ((ItemOutcome.Mapped) mapping.map(item("EV#2024-03-01T12:15:30.250+02:00", "X"))).keyPath();
        assertThat(utc.id(0).asLong()).isEqualTo(1709288130250L);
        assertThat(offset).isEqualTo(utc);
    }

    @Test
    void uuidsInEitherCaseAreOneId() {
        KeyPath lower = ((ItemOutcome.Mapped) social().map(item("USER#" + USER, "PROFILE"))).keyPath();
        KeyPath upper = ((ItemOutcome.Mapped) social().map(item("USER#" + USER.toString().toUpperCase(), "PROFILE")))
                .keyPath();
        assertThat(upper).isEqualTo(lower).isEqualTo(KeyPath.of("user", USER));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "USER#{id:uuid               | pk | position 5 | never closed",
        "USER#{}                     | pk | position 6 | needs a name",
        "USER#{1d}                   | pk | position 6 | capture name '1d'",
        "USER#{id:number}            | pk | position 9 | unknown conversion 'number'",
        "USER#{a}{b}                 | pk | position 8 | literal text between them",
        "USER#{a}#{a}                | pk | position 10 | captured twice",
        "USER#id}                    | pk | position 7 | without an opening",
        "USER#50%                    | pk | position 7 | '%' escapes only",
    })
    void malformedPatternsNameTheEntityThePartAndThePosition(String pattern, String part, String position,
                                                               String reason) {
        assertThatThrownBy(() -> EntityMapping.builder("user").partitionKey(pattern.strip()).sortKey("X")
                .keyPath("/user-1").type("User").build())
                .isInstanceOfSatisfying(MappingDeclarationException.class, e -> {
                    assertThat(e.entity()).isEqualTo("user");
                    assertThat(e.part()).isEqualTo(part);
                    assertThat(e.position()).startsWith(position + " of ");
                    assertThat(e.reason()).contains(reason);
                    assertThat(e.getMessage()).contains("'user'").contains(position);
                });
    }

    @Test
    void aTemplateVariableNoPatternCapturesIsNamedWithItsPosition() {
        assertThatThrownBy(() -> EntityMapping.builder("post").partitionKey("USER#{u}").sortKey("POST#{p:int}")
                .keyPath("/user-{u}/post-{postId}").type("Post").build())
                .isInstanceOfSatisfying(MappingDeclarationException.class, e -> {
                    assertThat(e.part()).isEqualTo("keyPath");
                    assertThat(e.position()).startsWith("position 15 of ");
                    assertThat(e.reason()).contains("{postId} is captured by neither");
                });
        assertThatThrownBy(() -> EntityMapping.builder("post").partitionKey("USER#{u}").sortKey("P")
                .keyPath("/user-{u}/po st").type("Post").build())
                .isInstanceOfSatisfying(MappingDeclarationException.class, e -> assertThat(e.part())
                        .isEqualTo("keyPath"));
    }

    @Test
    void aFileWithBadJsonIsRefusedWithLineAndColumn() {
        assertThatThrownBy(() -> MigrationMapping.parseJson("{\n  \"entities\": [\n    {\"name\": \"a\",, }\n]}"))
                .isInstanceOfSatisfying(MappingDeclarationException.class,
                        e -> assertThat(e.position()).isEqualTo("line 3, column 18"));
    }

    @Test
    void aFileWithAnUnknownOrMissingFieldIsRefusedNamingIt() {
        assertThatThrownBy(() -> MigrationMapping.parseJson("""
                {"entities": [{"name": "post", "pk": "U#{u}", "sk": "P", "keyPath": "/u-{u}", "type": "P",
                               "dorp": ["GSI1PK"]}]}"""))
                .isInstanceOfSatisfying(MappingDeclarationException.class, e -> {
                    assertThat(e.entity()).isEqualTo("post");
                    assertThat(e.part()).isEqualTo("entities[0].dorp");
                    assertThat(e.reason()).contains("unknown field \"dorp\"");
                });
        assertThatThrownBy(() -> MigrationMapping.parseJson("""
                {"entities": [{"pk": "U#{u}", "sk": "P", "keyPath": "/u-{u}"}]}"""))
                .isInstanceOfSatisfying(MappingDeclarationException.class, e -> {
                    assertThat(e.entity()).isEqualTo("entities[0]");
                    assertThat(e.part()).isEqualTo("type");
                });
        assertThatThrownBy(() -> MigrationMapping.parseJson("{\"entities\": []}"))
                .isInstanceOf(MappingDeclarationException.class).hasMessageContaining("no entity");
    }

    @Test
    void theJsonAndTheBuilderDeclareTheSameMapping() {
        MigrationMapping built = MigrationMapping.builder().drop("GSI1PK", "GSI1SK")
                .entity("user", e -> e.partitionKey("USER#{userId:uuid}").sortKey("PROFILE").keyPath("/user-{userId}")
                        .type("User"))
                .entity("post", e -> e.partitionKey("USER#{userId:uuid}").sortKey("POST#{postId:int}")
                        .keyPath("/user-{userId}/post-{postId}").type("Post"))
                .entity("comment", e -> e.partitionKey("USER#{userId:uuid}")
                        .sortKey("POST#{postId:int}#COMMENT#{commentId:int}")
                        .keyPath("/user-{userId}/post-{postId}/comment-{commentId}").type("Comment"))
                .entity("event", e -> e.partitionKey("DAY#{day:date}").sortKey("EVENT#{at:instant}#{eventId}")
                        .keyPath("/day-{day}/event-{at}/id-{eventId}").type("Event"))
                .build();
        assertThat(built.fingerprint()).isEqualTo(social().fingerprint());
        assertThat(social().entities()).extracting(EntityMapping::name)
                .containsExactly("user", "post", "comment", "event");
    }

    /** A registered class of the application. */
    @ItemType(keyPath = "/user-{userId}/post-{postId}", name = "BlogPost")
    record Post(UUID userId, long postId, String title, int likes) {
    }

    @Test
    void aRegisteredClassGivesTheTemplateAndTypeAndReadsEveryItem() {
        MigrationMapping mapping = MigrationMapping.builder().drop("GSI1PK")
                .entity("post", e -> e.partitionKey("USER#{userId:uuid}").sortKey("POST#{postId:int}").type(Post.class))
                .build();
        ItemOutcome ok = mapping.map(Map.of("PK", AttributeValue.fromS("USER#" + USER),
                "SK", AttributeValue.fromS("POST#0042"), "title", AttributeValue.fromS("t"),
                "likes", AttributeValue.fromN("3"), "GSI1PK", AttributeValue.fromS("x")));
        assertThat(ok).isInstanceOfSatisfying(ItemOutcome.Mapped.class, m -> {
            assertThat(m.item().get("_type").s()).isEqualTo("BlogPost");
            assertThat(m.keyPath()).isEqualTo(KeyPath.of("user", USER).then("post", 42));
            assertThat(m.item()).doesNotContainKey("GSI1PK");
        });
        ItemOutcome unreadable = mapping.map(Map.of("PK", AttributeValue.fromS("USER#" + USER),
                "SK", AttributeValue.fromS("POST#0043"), "likes", AttributeValue.fromS("many")));
        assertThat(unreadable).isInstanceOfSatisfying(ItemOutcome.Invalid.class,
                i -> assertThat(i.reason()).startsWith("cannot be read as Post"));
        assertThatThrownBy(() -> EntityMapping.builder("post").partitionKey("U#{userId:uuid}").sortKey("P#{postId:int}")
                .type(Post.class).keyPath("/user-{userId}/article-{postId}").build())
                .isInstanceOf(MappingDeclarationException.class).hasMessageContaining("differs from Post's template");
    }

    @Test
    void anAttributeNamedLikeOneKeypathKeepsCannotMoveUntilRenamedOrDropped() {
        for (String name : List.of("pk", "sk", "_type", "_ttl", "_kp_aliases", "_kp_src", "_kp_later")) {
            assertThat(social().map(item("USER#" + USER, "POST#1", name, "x"))).as(name)
                    .isInstanceOfSatisfying(ItemOutcome.Invalid.class, i -> assertThat(i.reason())
                            .contains("attribute '" + name + "'").contains("rename"));
        }
        MigrationMapping renamed = MigrationMapping.parseJson(SocialTable.MAPPING_JSON.replace("\"drop\": [",
                "\"rename\": {\"_type\": \"legacyType\"}, \"drop\": [\"pk\", "));
        ItemOutcome moved = renamed.map(item("USER#" + USER, "POST#1", "_type", "old", "pk", "old key"));
        assertThat(moved).isInstanceOfSatisfying(ItemOutcome.Mapped.class, m -> {
            assertThat(m.item().get("legacyType").s()).isEqualTo("old");
            assertThat(m.item().get("_type").s()).isEqualTo("Post");
            assertThat(m.item().get("pk").b().asByteArray()).isEqualTo(m.keyPath().partitionKey());
        });
        assertThat(renamed.fingerprint()).isNotEqualTo(social().fingerprint());
    }

    @Test
    void anIndexKeyOfTheTargetAndTwoAttributesUnderOneNameCannotMove() {
        Tables withIndex = new Tables("source", java.util.Set.of("byTag_pk"));
        assertThat(social().map(item("USER#" + USER, "POST#1", "byTag_pk", "x"), withIndex))
                .isInstanceOfSatisfying(ItemOutcome.Invalid.class, i -> assertThat(i.reason())
                        .contains("'byTag_pk'").contains("index of the target"));
        assertThat(social().map(item("USER#" + USER, "POST#1", "byTag_pk", "x"))).isInstanceOf(ItemOutcome.Mapped.class);
        MigrationMapping clash = MigrationMapping.builder().rename("old", "title")
                .entity("post", e -> e.partitionKey("USER#{u}").sortKey("POST#{p:int}").keyPath("/user-{u}/post-{p}")
                        .type("Post"))
                .build();
        assertThat(clash.map(item("USER#a", "POST#1", "title", "t", "old", "o")))
                .isInstanceOfSatisfying(ItemOutcome.Invalid.class, i -> assertThat(i.reason())
                        .contains("would both move as 'title'"));
    }

    @Test
    void renamesToKeptNamesOfOldKeysOrOfDroppedAttributesAreRefused() {
        assertThatThrownBy(() -> MigrationMapping.builder().rename("kind", "_type"))
                .isInstanceOf(MappingDeclarationException.class).hasMessageContaining("'_type' cannot be a new name");
        assertThatThrownBy(() -> MigrationMapping.builder().rename("a", "x").rename("b", "x"))
                .isInstanceOf(MappingDeclarationException.class).hasMessageContaining("both renamed to 'x'");
        assertThatThrownBy(() -> MigrationMapping.parseJson("""
                {"rename": {"SK": "oldSk"}, "entities": [{"name": "p", "pk": "U#{u}", "sk": "P", "keyPath": "/u-{u}",
                 "type": "P"}]}""")).isInstanceOf(MappingDeclarationException.class)
                .hasMessageContaining("old key attribute");
        assertThatThrownBy(() -> MigrationMapping.parseJson("""
                {"entities": [{"name": "p", "pk": "U#{u}", "sk": "P", "keyPath": "/u-{u}", "type": "P",
                 "drop": ["x"], "rename": {"x": "y"}}]}""")).isInstanceOf(MappingDeclarationException.class)
                .hasMessageContaining("both dropped and renamed");
        assertThatThrownBy(() -> MigrationMapping.parseJson("""
                {"rename": ["x"], "entities": [{"name": "p", "pk": "U#{u}", "sk": "P", "keyPath": "/u-{u}",
                 "type": "P"}]}""")).isInstanceOf(MappingDeclarationException.class)
                .hasMessageContaining("\"rename\" must be an object");
    }

    @Test
    void anAttributeTheRegisteredClassWouldNotStoreMakesTheItemOneThatCannotMove() {
        MigrationMapping mapping = MigrationMapping.builder()
                .entity("post", e -> e.partitionKey("USER#{userId:uuid}").sortKey("POST#{postId:int}").type(Post.class))
                .build();
        Map<String, AttributeValue> base = Map.of("PK", AttributeValue.fromS("USER#" + USER),
                "SK", AttributeValue.fromS("POST#0042"), "title", AttributeValue.fromS("t"));
        java.util.Map<String, AttributeValue> unknown = new java.util.HashMap<>(base);
        unknown.put("subtitle", AttributeValue.fromS("s"));
        java.util.Map<String, AttributeValue> keyField = new java.util.HashMap<>(base);
        keyField.put("postId", AttributeValue.fromN("43"));
        java.util.Map<String, AttributeValue> nothing = new java.util.HashMap<>(base);
        nothing.put("subtitle", AttributeValue.fromNul(true));

        assertThat(mapping.map(unknown)).isInstanceOfSatisfying(ItemOutcome.Invalid.class,
                i -> assertThat(i.reason()).contains("'subtitle' would be lost"));
        assertThat(mapping.map(keyField)).isInstanceOfSatisfying(ItemOutcome.Invalid.class,
                i -> assertThat(i.reason()).contains("'postId' would be lost").contains("key field"));
        assertThat(mapping.map(nothing)).isInstanceOf(ItemOutcome.Mapped.class);
    }
}
