package dev.keypath.dynamodb.internal.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;
import dev.keypath.KeyRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;

/**
 * {@link KeyLayout#mayLieIn} judges whether an item of a key path template can lie within the bounds a query of a
 * key range reads: never false for a key path that does (checked on generated templates, ids of every type, colliding
 * bytes included, and ranges, against the key bytes themselves), and false for the other types of the layouts an
 * application declares (a user beside its posts, comments beside their reactions, an index only posts declare).
 */
class KeyLayoutRangeTest {
    private static final List<String> NAMESPACES = List.of("a", "ab", "b", "post", "posts", "comment", "react");

    private static QuickTheory qt() {
        return QuickTheory.qt().withExamples(Integer.getInteger("keypath.properties.examples", 3_000));
    }

    private static boolean mayLieIn(String template, KeyRange range) {
        return new KeyLayout(KeyPathTemplate.parse(template)).mayLieIn(range);
    }

    private static KeyRange subtree(String prefix) {
        return KeyRange.subtree(KeyPath.parse(prefix));
    }

    private static KeyRange between(String from, String to) {
        return KeyRange.between(KeyPath.parse(from), KeyPath.parse(to));
    }

    @Test
    void aUsersPostsRangeHoldsPostsAndTheirDescendantsButNotTheUser() {
        KeyRange posts = subtree("/user-7/post");

        assertThat(mayLieIn("/user-{u}/post-{p}", posts)).isTrue();
        assertThat(mayLieIn("/user-{u}/post-{p}/comment-{c}", posts)).isTrue();
        assertThat(mayLieIn("/user-{u}/post", posts)).as("the collection's own item").isTrue();
        assertThat(mayLieIn("/user-{u}", posts)).isFalse();
        assertThat(mayLieIn("/user-{u}/profile", posts)).isFalse();
        assertThat(mayLieIn("/user-{u}/posts-{p}", posts)).isFalse();
        assertThat(mayLieIn("/thread-{p}/comment-{c}", posts)).isFalse();
        assertThat(mayLieIn("/user-{u}/post-{p}", subtree("/user-7/post-5"))).isTrue();
        assertThat(mayLieIn("/user-{u}", subtree("/user-7/post-5"))).isFalse();
        assertThat(mayLieIn("/user-{u}", subtree("/user-7"))).as("a whole partition").isTrue();
    }

    @Test
    void aRangeOfCommentsHoldsTheReactionsUnderThemButNotThoseBesideThem() {
        KeyRange flat = between("/thread-1/comment-10", "/thread-1/comment-20");
        KeyRange hierarchy = between("/user-7/post-1/comment-10", "/user-7/post-1/comment-20");

        assertThat(mayLieIn("/thread-{p}/comment-{c}", flat)).isTrue();
        assertThat(mayLieIn("/thread-{p}/react-{r}", flat)).isFalse();
        assertThat(mayLieIn("/thread-{p}", flat)).isFalse();
        assertThat(mayLieIn("/user-{u}/post-{p}/comment-{c}/react-{r}", hierarchy)).isTrue();
        assertThat(mayLieIn("/user-{u}/post-{p}", hierarchy)).isFalse();
        assertThat(mayLieIn("/user-{u}/post-{p}/like-{l}", hierarchy)).isFalse();
    }

    @Test
    void betweenTwoNamespacesLieTheNamespacesBetweenThem() {
        KeyRange range = between("/user-7/a-1", "/user-7/c-1");

        assertThat(mayLieIn("/user-{u}/b-{x}", range)).isTrue();
        assertThat(mayLieIn("/user-{u}/a-{x}/z", range)).isTrue();
        assertThat(mayLieIn("/user-{u}/d-{x}", range)).isFalse();
        assertThat(mayLieIn("/user-{u}", range)).isFalse();
        KeyRange fromTheUser = between("/user-7", "/user-7/post-5");
        assertThat(mayLieIn("/user-{u}", fromTheUser)).isTrue();
        assertThat(mayLieIn("/user-{u}/comment-{c}", fromTheUser)).isTrue();
        assertThat(mayLieIn("/user-{u}/zebra-{z}", fromTheUser)).isFalse();
        assertThat(mayLieIn("/user-{u}/post-{p}", between("/user-7/post-5", "/user-7/post-5"))).isTrue();
        assertThat(mayLieIn("/user-{u}/post-{p}/c-{c}", between("/user-7/post-5", "/user-7/post-5"))).isFalse();
    }

    @Test
    void aLiteralIdRulesOutAnotherIdOfItsTypeOnly() {
        assertThat(mayLieIn("/config-1/flag-{n}", subtree("/config-2"))).isFalse();
        assertThat(mayLieIn("/config-1/flag-{n}", subtree("/config-1"))).isTrue();
        assertThat(mayLieIn("/config-%1/flag-{n}", subtree("/config-1"))).as("a string id may share bytes").isTrue();
        assertThat(mayLieIn("/shop-{s}/settings", subtree("/shop-1/settings-2"))).isFalse();
    }

    @Test
    void neverRulesOutAKeyPathWithinTheBoundsOfTheRange() {
        qt().forAll(longs().all()).checkAssert(seed -> {
            Random random = new Random(seed);
            List<Object[]> elements = elements(random);
            KeyPathTemplate template = template(elements);
            KeyLayout layout = new KeyLayout(template);
            KeyPath path = bind(elements, random);
            KeyRange range = range(random, path);

            if (withinBounds(path, range)) {
                assertThat(layout.mayLieIn(range)).as("%s of %s in %s", path, template, range).isTrue();
            }
        });
    }

    @Test
    void theGeneratedCasesMeetTheBoundsAndRuleOutTypesOften() {
        int within = 0;
        int ruledOut = 0;
        for (long seed = 0; seed < 2_000; seed++) {
            Random random = new Random(seed);
            List<Object[]> elements = elements(random);
            KeyLayout layout = new KeyLayout(template(elements));
            KeyPath path = bind(elements, random);
            KeyRange range = range(random, path);
            within += withinBounds(path, range) ? 1 : 0;
            ruledOut += layout.mayLieIn(range) ? 0 : 1;
        }
        assertThat(within).as("paths within the bounds").isGreaterThan(400);
        assertThat(ruledOut).as("layouts ruled out").isGreaterThan(200);
    }

    /** Whether the key bytes of {@code path} lie within what a query of {@code range} reads. */
    private static boolean withinBounds(KeyPath path, KeyRange range) {
        if (!Arrays.equals(path.partitionKey(), range.partitionKey())) {
            return false;
        }
        if (!range.hasSortKeyCondition()) {
            return true;
        }
        byte[] sk = path.sortKey();
        return Arrays.compareUnsigned(sk, range.lowerSortKey()) >= 0
                && Arrays.compareUnsigned(sk, range.upperSortKey()) <= 0;
    }

    /** A template's elements: namespace, then null (a variable), a literal id, or "none" (the last, id-less). */
    private static List<Object[]> elements(Random random) {
        int size = 1 + random.nextInt(4);
        List<Object[]> elements = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            String namespace = i == 0 ? (random.nextInt(4) == 0 ? "b" : "a") : pick(random, NAMESPACES);
            int kind = random.nextInt(i == size - 1 && i > 0 ? 4 : 3);
            Object id = switch (kind) {
                case 0, 1 -> null;
                case 2 -> id(random);
                default -> "none";
            };
            elements.add(new Object[] {namespace, id});
        }
        return elements;
    }

    private static KeyPathTemplate template(List<Object[]> elements) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < elements.size(); i++) {
            Object id = elements.get(i)[1];
            text.append('/').append(elements.get(i)[0]);
            if (id == null) {
                text.append("-{v").append(i).append('}');
            } else if (id instanceof KeyId literal) {
                text.append('-').append(literal.toString().replace("{", "%{").replace("}", "%}"));
            }
        }
        return KeyPathTemplate.parse(text.toString());
    }

    private static KeyPath bind(List<Object[]> elements, Random random) {
        KeyPath path = null;
        for (Object[] e : elements) {
            String namespace = (String) e[0];
            KeyId id = e[1] == null ? id(random) : e[1] instanceof KeyId literal ? literal : null;
            path = path == null ? KeyPath.of(namespace, id) : id == null ? path.then(namespace) : path.then(namespace, id);
        }
        return path;
    }

    /** A range around {@code near}: a subtree of one of its prefixes, or a span near it, in its partition. */
    private static KeyRange range(Random random, KeyPath near) {
        KeyPath a = variant(random, near);
        if (random.nextBoolean()) {
            return KeyRange.subtree(a);
        }
        KeyPath b = variant(random, near);
        return a.compareTo(b) <= 0 ? KeyRange.between(a, b) : KeyRange.between(b, a);
    }

    /** A path in {@code near}'s partition: a prefix of it, changed at some elements, perhaps made longer. */
    private static KeyPath variant(Random random, KeyPath near) {
        KeyPath path = KeyPath.of(near.namespace(0), random.nextInt(3) == 0 ? near.id(0) : near.id(0));
        int keep = 1 + random.nextInt(near.size());
        for (int i = 1; i < keep; i++) {
            String namespace = random.nextInt(3) == 0 ? pick(random, NAMESPACES) : near.namespace(i);
            KeyId id = near.id(i) == null || random.nextInt(3) == 0 ? id(random) : near.id(i);
            path = random.nextInt(8) == 0 && i == keep - 1 ? path.then(namespace) : path.then(namespace, id);
        }
        int extra = random.nextInt(3);
        for (int i = 0; i < extra && path.id(path.size() - 1) != null; i++) {
            path = random.nextInt(4) == 0 ? path.then(pick(random, NAMESPACES))
                    : path.then(pick(random, NAMESPACES), id(random));
        }
        return path;
    }

    /** Ids of the three types, small ones whose bytes meet: integers, strings and bytes of the same bytes. */
    private static KeyId id(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> KeyId.of(random.nextInt(7) - 3);
            case 1 -> KeyId.of(random.nextInt(300));
            case 2 -> KeyId.of(pick(random, List.of("a", "b", "ab", "p", "\u00e9")));
            case 3 -> KeyId.of(new byte[] {(byte) (random.nextInt(3) + 7), (byte) random.nextInt(3)});
            default -> KeyId.of(new byte[] {(byte) 'a', (byte) random.nextInt(2)});
        };
    }

    private static String pick(Random random, List<String> from) {
        return from.get(random.nextInt(from.size()));
    }
}
