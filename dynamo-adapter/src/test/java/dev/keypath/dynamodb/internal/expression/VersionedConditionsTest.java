package dev.keypath.dynamodb.internal.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidConditionException;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The rewrite of filters and conditions over a type's versions, without a network: the exact expression of a rename,
 * the default of an added field as a value operand, {@code attribute_exists} of a default as its truth, a default
 * DynamoDB would refuse where it stands as an attribute no item holds, a nested path into a default, a renamed
 * {@code _type}; an expression that names nothing any version changed is returned as it is, unread; and the
 * refusals, each naming what it must: a former name, a field made by a function, a rewrite past DynamoDB's limits,
 * an unreadable text.
 */
class VersionedConditionsTest {
    @ItemType(keyPath = "/user-{id}", name = "User", version = 3)
    record User(UUID id, String fullName, String nickname, Long score, Map<String, String> prefs) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName"))
                    .version(3, v -> v.added("nickname", AttributeValue.fromS("none"))
                            .added("score", AttributeValue.fromN("7"))
                            .added("prefs", AttributeValue.fromM(Map.of("theme", AttributeValue.fromS("dark"))))));
        }
    }

    @ItemType(keyPath = "/user-{id}", name = "User", version = 3)
    record RewrittenUser(UUID id, String fullName, String nickname, Long score, Map<String, String> prefs) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName"))
                    .version(3, v -> v.added("nickname", AttributeValue.fromS("none")).added("score")
                            .added("prefs")).oldestStoredVersion(3));
        }
    }

    @ItemType(keyPath = "/org-{id}", name = "Org")
    record Org(UUID id, String name) {
    }

    @ItemType(keyPath = "/doc-{id}", name = "Doc", version = 2)
    record Doc(UUID id, String title, String pages) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.typeRenamed("Paper", "Doc")
                    .retyped("pages", n -> AttributeValue.fromS(n.n()))));
        }
    }

    private static final DefaultItemSchema<User> USER = schema(User.class);
    private static final KeyPath PATH = KeyPath.of("user", UUID.randomUUID());

    private static <T> DefaultItemSchema<T> schema(Class<T> type) {
        return DefaultItemSchema.create(type, DefaultItemSchema.defaultMapper());
    }

    private static Expr expr(String text, Map<String, String> names, Map<String, AttributeValue> values) {
        return Expr.of(text, names, values);
    }

    private static Expr onUser(String text, Map<String, String> names, Map<String, AttributeValue> values) {
        return VersionedConditions.condition(expr(text, names, values), USER, PATH);
    }

    @Test
    void aRenamedFieldIsReadUnderItsStoredNameOnItemsOfTheVersionsBeforeTheRename() {
        Expr e = onUser("#f = :v", Map.of("#f", "fullName"), Map.of(":v", AttributeValues.string("Ann")));
        assertThat(e.expression()).isEqualTo("((#kp_et = :kp_e0 AND attribute_not_exists(#kp_ev)) AND (#kp_e1 = :v))"
                + " OR ((NOT (#kp_et = :kp_e0 AND attribute_not_exists(#kp_ev))) AND (#f = :v))");
        assertThat(e.names()).containsEntry("#kp_e1", "name").containsEntry("#kp_et", "_type")
                .containsEntry("#kp_ev", "_kp_v").containsEntry("#f", "fullName");
        assertThat(e.values()).containsEntry(":kp_e0", AttributeValues.string("User"))
                .containsEntry(":v", AttributeValues.string("Ann"));
    }

    @Test
    void anAddedFieldIsItsDefaultOnItemsOfTheVersionsBeforeItWasAdded() {
        Expr e = onUser("#n = :v AND #f <> :w", Map.of("#n", "nickname", "#f", "fullName"),
                Map.of(":v", AttributeValues.string("none"), ":w", AttributeValues.string("x")));
        ConditionText text = ConditionText.parse(e.expression());
        assertThat(e.expression()).contains("attribute_not_exists(#kp_ev)) AND (:kp_e1 = :v AND #kp_e2 <> :w)")
                .contains("#kp_ev = :kp_e3) AND (:kp_e1 = :v AND #f <> :w)");
        assertThat(e.values()).containsEntry(":kp_e1", AttributeValues.string("none"))
                .containsEntry(":kp_e3", AttributeValues.number(2));
        assertThat(e.names()).containsEntry("#kp_e2", "name");
        assertThat(text.atoms()).hasSizeGreaterThan(4);
    }

    @Test
    void aDefaultStandsWhereDynamoDbTakesAValueAndAsItsTruthOrAsNothingElsewhere() {
        Map<String, String> names = Map.of("#n", "nickname", "#s", "score", "#p", "prefs", "#t", "theme",
                "#o", "other");
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        values.put(":p", AttributeValues.string("n"));
        values.put(":x", AttributeValues.number(3));
        values.put(":hi", AttributeValues.number(3));
        values.put(":d", AttributeValues.string("dark"));
        String older = branchOf(onUser("attribute_exists(#n) AND attribute_not_exists(#s) AND begins_with(#s, :p) "
                + "AND size(#s) > :x AND :x BETWEEN #s AND :hi AND #s BETWEEN :x AND :x AND #p.#t = :d "
                + "AND attribute_exists(#p.#o)", names, values));
        assertThat(older).isEqualTo("attribute_not_exists(#kp_e2) AND attribute_exists(#kp_e3) "
                + "AND begins_with(#kp_e4, :p) AND size(#kp_e5) > :x AND :x BETWEEN #kp_e6 AND :hi "
                + "AND :kp_e7 BETWEEN :x AND :x AND :kp_e8 = :d AND attribute_exists(#kp_e9)");
        Expr e = onUser("attribute_exists(#n) AND #s = :x", Map.of("#n", "nickname", "#s", "score"),
                Map.of(":x", AttributeValues.number(7)));
        assertThat(e.names()).as("every name placeholder is used").allSatisfy((k, v) ->
                assertThat(e.expression()).contains(k));
        assertThat(e.values()).as("every value placeholder is used").allSatisfy((k, v) ->
                assertThat(e.expression()).contains(k));
    }

    /** The body of the first branch of {@code e}: what it reads on the oldest items. */
    private static String branchOf(Expr e) {
        String text = e.expression();
        int start = text.indexOf(") AND (") + ") AND (".length();
        int depth = 1;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth == 0) {
                return text.substring(start, i);
            }
        }
        throw new AssertionError(text);
    }

    @Test
    void aRenamedTypeIsItsNewNameOnItemsStoredUnderTheOldOne() {
        DefaultItemSchema<Doc> doc = schema(Doc.class);
        Expr e = VersionedConditions.filter(expr("#t = :d AND #x = :y", Map.of("#t", "_type", "#x", "title"),
                Map.of(":d", AttributeValues.string("Doc"), ":y", AttributeValues.string("t"))), List.of(doc));
        assertThat(e.expression()).startsWith("((#kp_et = :kp_e0 AND attribute_not_exists(#kp_ev)) AND (:kp_e1 = :d "
                + "AND #x = :y))");
        assertThat(e.values()).containsEntry(":kp_e0", AttributeValues.string("Paper"))
                .containsEntry(":kp_e1", AttributeValues.string("Doc"));
    }

    @Test
    void anExpressionThatNamesNothingAVersionChangedIsReturnedAsItIsUnread() {
        Expr plain = expr("not a condition @@", Map.of(), Map.of());
        assertThat(VersionedConditions.filter(plain, List.of(schema(Org.class)))).isSameAs(plain);
        Expr email = expr("#e = :v", Map.of("#e", "email"), Map.of(":v", AttributeValues.string("x")));
        assertThat(VersionedConditions.filter(email, List.of(USER))).isSameAs(email);
        Expr fullName = expr("#f = :v", Map.of("#f", "fullName"), Map.of(":v", AttributeValues.string("x")));
        assertThat(VersionedConditions.filter(fullName, List.of(schema(RewrittenUser.class))))
                .as("no item below the oldest stored version").isSameAs(fullName);
        assertThat(VersionedConditions.filter(Expr.NONE, List.of(USER))).isSameAs(Expr.NONE);
    }

    @Test
    void aNameAnotherTypeStillStoresIsReadAsNothingOnTheOlderItemsOfTheTypeThatRenamedIt() {
        Expr e = VersionedConditions.filter(expr("#x = :v", Map.of("#x", "name"),
                Map.of(":v", AttributeValues.string("Acme"))), List.of(USER, schema(Org.class)));
        assertThat(branchOf(e)).isEqualTo("#kp_e1 = :v");
        assertThat(e.names()).containsEntry("#kp_e1", "_kp_none1");
    }

    @Test
    void refusalsNameTheFieldTheChangeAndTheRemedy() {
        assertThatThrownBy(() -> onUser("#x = :v", Map.of("#x", "name"), Map.of(":v", AttributeValues.string("A"))))
                .isInstanceOf(InvalidConditionException.class)
                .hasMessageContaining("User no longer stores 'name': version 2 renamed it to 'fullName'")
                .hasMessageContaining("name 'fullName' in the condition")
                .satisfies(x -> assertThat(((InvalidConditionException) x).keyPath()).contains(PATH));
        assertThatThrownBy(() -> VersionedConditions.filter(expr("#p = :v", Map.of("#p", "pages"),
                Map.of(":v", AttributeValues.string("3"))), List.of(schema(Doc.class))))
                .isInstanceOf(InvalidConditionException.class)
                .hasMessageContaining("The filter names 'pages' of Doc, which version 2 makes from the former form "
                        + "by a function (FIELD_RETYPED [pages] -> [pages] (irreversible))")
                .hasMessageContaining("declare oldestStoredVersion(2) in the history of Doc")
                .hasMessageContaining("or name the read's types");
        assertThatThrownBy(() -> onUser("#f = ", Map.of("#f", "fullName"), Map.of()))
                .isInstanceOf(InvalidConditionException.class)
                .hasMessageContaining("Cannot read the condition as a DynamoDB condition expression: expected");
        List<String> terms = new ArrayList<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        for (int i = 0; terms.size() * 20 < 2500; i++) {
            terms.add("#f = :v" + i);
            values.put(":v" + i, AttributeValues.string("n" + i));
        }
        assertThatThrownBy(() -> onUser(String.join(" OR ", terms), Map.of("#f", "fullName"), values))
                .isInstanceOf(InvalidConditionException.class)
                .hasMessageContaining("over DynamoDB's 4096 characters or 300 operators for one expression");
    }
}
