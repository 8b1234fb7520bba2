package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.test.TestDynamoDb;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The migration of a table of some 10^4 items on DynamoDB Local ({@code -Dkeypath.killed.users=2000} for over
 * 10^5), with throttling and unprocessed items injected.
 * Some items carry attributes named like the ones keypath keeps ({@code _type}, {@code pk}, {@code _ttl}, which the
 * mapping renames, and {@code _kp_aliases}, which it does not, so those items cannot move); forty items of
 * partitions keyed with an upper-case UUID collide with the items of the lower-case one, in other pages and
 * segments. The plan finds every entity, the unmatched items, the items that cannot move and the collisions; a run
 * in another JVM is killed at a third of the items written and again at two thirds, and a third run finishes it.
 * Nothing is lost or written twice, each collision's second item is refused, and the target is compared item by
 * item with the source items as this test wrote them, read on its own terms (not through the mapping), and by the
 * verification. Which item of a pair the runs wrote depends on where each segment was at the kills, and which one
 * the verification reads first on its own scan; with forty pairs the two often differ, and the verification
 * compares each target item with the source item it was written from.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KilledRunTest {
    static final SocialTable SOCIAL = new SocialTable(Integer.getInteger("keypath.killed.users", 200), 10, 4, 1000,
            500);
    static final String MAPPING_JSON = SocialTable.MAPPING_JSON.replace("\"drop\": [\"GSI1PK\", \"GSI1SK\"],",
            "\"drop\": [\"GSI1PK\", \"GSI1SK\"], \"rename\": {\"_type\": \"legacyType\", \"pk\": \"legacyPk\", "
                    + "\"_ttl\": \"legacyTtl\"},");
    static final Map<String, String> RENAMES = Map.of("_type", "legacyType", "pk", "legacyPk", "_ttl", "legacyTtl");
    /** Items that collide with another (their upper-case partition), and items that cannot move. */
    static final int COLLIDING = 40;
    static final int CANNOT_MOVE = 7;
    static final int SEGMENTS = 4;
    /** Budgets well above what the engine does here: the limiter runs, the engine sets the pace. */
    static final double READ_BUDGET = 5_000;
    static final double WRITE_BUDGET = 20_000;

    static TestDynamoDb engine;
    static String source;
    static String target;
    static MigrationMapping mapping;
    static List<Map<String, AttributeValue>> sourceItems;
    static int renamedItems;

    @TempDir
    static Path dir;

    @BeforeAll
    static void loadTheSource() throws Exception {
        engine = TestDynamoDb.get();
        source = SocialTable.uniqueTable("killed-source");
        target = SocialTable.uniqueTable("killed-target");
        SocialTable.createSource(engine.client(), source);
        SocialTable.createTarget(engine.client(), target);
        sourceItems = new ArrayList<>();
        int n = 0;
        for (Map<String, AttributeValue> item : SOCIAL.items()) {
            Map<String, AttributeValue> copy = new LinkedHashMap<>(item);
            String pk = item.get("PK").s();
            if (!pk.startsWith("LEGACY#") && n % 37 == 0) {
                String reserved = List.of("_type", "pk", "_ttl").get((n / 37) % 3);
                copy.put(reserved, SocialTable.s("legacy " + reserved + " " + n));
                renamedItems++;
            }
            n++;
            sourceItems.add(copy);
        }
        for (int u = 0; u < COLLIDING; u++) {
            sourceItems.add(Map.of("PK", SocialTable.s("USER#" + SocialTable.user(u).toString().toUpperCase()),
                    "SK", SocialTable.s("POST#000002"), "title", SocialTable.s("post 2 of user " + u + ", again")));
        }
        for (int e = 0; e < CANNOT_MOVE; e++) {
            sourceItems.add(Map.of("PK", SocialTable.s("DAY#2024-04-01"), "SK",
                    SocialTable.s("EVENT#2024-04-01T00:00:0" + e + "Z#x" + e), "kind", SocialTable.s("login"),
                    "_kp_aliases", SocialTable.s("an old column")));
        }
        long start = System.nanoTime();
        SocialTable.load(engine.client(), source, sourceItems);
        System.out.printf("loaded %d source items (%d with renamed attributes) in %.1f s%n", sourceItems.size(),
                renamedItems, (System.nanoTime() - start) / 1e9);
        mapping = MigrationMapping.parseJson(MAPPING_JSON);
    }

    @Test
    @Order(1)
    void thePlanCountsEachEntityTheUnmatchedItemsTheCollisionsAndWhatCannotMove() {
        MigrationPlan plan = Migration.builder().client(engine.client()).source(source).target(target)
                .mapping(mapping).segments(SEGMENTS).build().plan();
        System.out.print(plan.describe());
        assertThat(plan.scanned()).isEqualTo(sourceItems.size());
        assertThat(plan.entities()).extracting(MigrationPlan.EntityPlan::items).containsExactly(
                (long) SOCIAL.users, SOCIAL.users * 10L + COLLIDING, SOCIAL.users * 40L, (long) SOCIAL.events);
        assertThat(plan.entities()).extracting(MigrationPlan.EntityPlan::invalid).containsExactly(0L, 0L, 0L,
                (long) CANNOT_MOVE);
        assertThat(plan.invalidExamples()).allMatch(e -> e.contains("'_kp_aliases'") && e.contains("rename"));
        assertThat(plan.unmatched()).isEqualTo(SOCIAL.legacy);
        assertThat(plan.unmatchedExamples()).allMatch(e -> e.startsWith("PK=LEGACY#"));
        assertThat(plan.collisions()).isEqualTo(COLLIDING);
        assertThat(plan.collisionExamples()).extracting(MigrationPlan.Collision::keyPath)
                .allMatch(p -> p.endsWith("/post-2"));
        assertThat(plan.writeUnits()).isEqualTo(plan.mapped());
        assertThat(plan.readUnits()).isPositive();
    }

    @Test
    @Order(2)
    void aRunKilledTwiceResumesWithNothingLostDuplicatedOrOverwritten() throws Exception {
        Path mappingFile = dir.resolve("mapping.json");
        Files.writeString(mappingFile, MAPPING_JSON, StandardCharsets.UTF_8);
        Path checkpointFile = dir.resolve("checkpoint.json");
        long moving = SOCIAL.mappedItems();

        long start = System.nanoTime();
        Checkpoint first = killAt(mappingFile, checkpointFile, moving / 3, "first");
        Checkpoint second = killAt(mappingFile, checkpointFile, 2 * moving / 3, "second");
        assertThat(second.written()).isGreaterThan(first.written());
        long inTargetAtKill = SocialTable.count(engine.client(), target);
        assertThat(inTargetAtKill).isGreaterThanOrEqualTo(second.written()).isLessThan(moving);

        long restart = System.nanoTime();
        Process third = start(mappingFile, checkpointFile, dir.resolve("third.out"));
        try {
            assertThat(third.waitFor(300, TimeUnit.SECONDS)).isTrue();
        } finally {
            third.destroyForcibly();
        }
        double thirdSeconds = (System.nanoTime() - restart) / 1e9;
        String out = Files.readString(dir.resolve("third.out"));
        Map<String, String> result = OwnJvm.result(out);
        assertThat(result).as(out + Files.readString(Path.of(dir.resolve("third.out") + ".err"))).isNotEmpty();
        assertThat(result.get("resumed")).isEqualTo("true");
        assertThat(Long.parseLong(result.get("written"))).isEqualTo(moving);
        assertThat(Long.parseLong(result.get("writtenNow"))).isEqualTo(moving - second.written());
        assertThat(Long.parseLong(result.get("collisions"))).isEqualTo(COLLIDING);
        assertThat(Long.parseLong(result.get("invalid"))).isEqualTo(CANNOT_MOVE);
        assertThat(Long.parseLong(result.get("throttled"))).isPositive();
        assertThat(Long.parseLong(result.get("dropped"))).isPositive();
        double seconds = Long.parseLong(result.get("elapsedMs")) / 1000.0;
        assertThat(Double.parseDouble(result.get("writeUnits")) / seconds).isLessThanOrEqualTo(WRITE_BUDGET * 1.1);
        assertThat(Double.parseDouble(result.get("readUnits")) / seconds).isLessThanOrEqualTo(READ_BUDGET * 1.1);

        long compareStart = System.nanoTime();
        comparedItemByItemWithTheSource();
        double compareSeconds = (System.nanoTime() - compareStart) / 1e9;

        long verifyStart = System.nanoTime();
        MigrationVerification check = Migration.builder().client(engine.client()).source(source).target(target)
                .mapping(mapping).segments(SEGMENTS).build().verify();
        System.out.print(check.describe());
        assertThat(check.missing()).as(check.describe()).isZero();
        assertThat(check.different()).as(check.describe()).isZero();
        assertThat(check.extra()).as(check.describe()).isZero();
        assertThat(check.collisions()).isEqualTo(COLLIDING);
        assertThat(check.cannotMove()).isEqualTo(CANNOT_MOVE);
        assertThat(check.target()).isEqualTo(moving);
        System.out.printf("killed at %d and %d of %d written (%.1f s); third run %.1f s: %s; item-by-item comparison "
                        + "%.1f s; verify %.1f s%n", first.written(), second.written(), moving,
                (restart - start) / 1e9, thirdSeconds, result, compareSeconds, (System.nanoTime() - verifyStart) / 1e9);
    }

    /** Starts a run and kills it once its checkpoint shows {@code written} items; that checkpoint. */
    private static Checkpoint killAt(Path mappingFile, Path checkpointFile, long written, String name)
            throws Exception {
        Path out = dir.resolve(name + ".out");
        Checkpoint atKill = OwnJvm.killWhen(start(mappingFile, checkpointFile, out), checkpointFile,
                c -> c.written() >= written, out);
        assertThat(atKill.done()).isFalse();
        return atKill;
    }

    /**
     * Reads the target whole (a parallel scan) and checks each source item, as this test wrote it, against it on the
     * test's own terms: the key path from the old keys by string splitting, and the attributes but the old keys and
     * GSI1PK/GSI1SK, renamed.
     */
    private static void comparedItemByItemWithTheSource() throws Exception {
        Map<String, String> stored = new ConcurrentHashMap<>();
        DynamoDbClient client = engine.client();
        ExecutorService pool = Executors.newFixedThreadPool(SEGMENTS);
        try {
            List<Future<?>> segments = new ArrayList<>();
            for (int segment = 0; segment < SEGMENTS; segment++) {
                int s = segment;
                segments.add(pool.submit(() -> {
                    for (Map<String, AttributeValue> item : client.scanPaginator(b -> b.tableName(target)
                            .segment(s).totalSegments(SEGMENTS)).items()) {
                        Map<String, AttributeValue> content = new TreeMap<>(item);
                        content.remove("pk");
                        content.remove("sk");
                        assertThat(content.remove("_kp_src")).as("every moved item carries its source's marker")
                                .isNotNull();
                        String key = HexFormat.of().formatHex(item.get("pk").b().asByteArray()) + "/"
                                + HexFormat.of().formatHex(item.get("sk").b().asByteArray());
                        assertThat(stored.put(key, digest(content))).as("two target items at " + key).isNull();
                    }
                    return null;
                }));
            }
            for (Future<?> f : segments) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        Map<String, List<String>> expectedAt = new HashMap<>();
        long checked = 0;
        long behind = 0;
        for (Map<String, AttributeValue> item : sourceItems) {
            String pk = item.get("PK").s();
            String sk = item.get("SK").s();
            if (pk.startsWith("LEGACY#") || item.containsKey("_kp_aliases")) {
                behind++;
                continue;
            }
            KeyPath path = expectedKeyPath(pk, sk);
            Map<String, AttributeValue> content = new TreeMap<>();
            item.forEach((name, value) -> {
                if (!List.of("PK", "SK", "GSI1PK", "GSI1SK").contains(name)) {
                    content.put(RENAMES.getOrDefault(name, name), value);
                }
            });
            content.put("_type", AttributeValue.fromS(expectedType(sk)));
            String key = HexFormat.of().formatHex(path.partitionKey()) + "/"
                    + HexFormat.of().formatHex(path.sortKey());
            expectedAt.computeIfAbsent(key, k -> new ArrayList<>()).add(digest(content));
            checked++;
        }
        long collided = 0;
        for (Map.Entry<String, List<String>> e : expectedAt.entrySet()) {
            assertThat(stored).as("the target holds " + e.getKey()).containsKey(e.getKey());
            assertThat(e.getValue()).as("the target item at " + e.getKey() + " is one of its source items")
                    .contains(stored.get(e.getKey()));
            collided += e.getValue().size() - 1;
        }
        assertThat(stored).hasSameSizeAs(expectedAt);
        assertThat(collided).isEqualTo(COLLIDING);
        assertThat(behind).isEqualTo(SOCIAL.legacy + CANNOT_MOVE);
        assertThat(checked).isEqualTo(SOCIAL.mappedItems() + COLLIDING);
    }

    /** The key path of an item of the social table, read from its keys by this test's own splitting. */
    private static KeyPath expectedKeyPath(String pk, String sk) {
        if (pk.startsWith("DAY#")) {
            String[] parts = sk.split("#");
            return KeyPath.of("day", LocalDate.parse(pk.substring(4)).toEpochDay())
                    .then("event", Instant.parse(parts[1]).toEpochMilli()).then("id", parts[2]);
        }
        KeyPath user = KeyPath.of("user", UUID.fromString(pk.substring(5)));
        if (sk.equals("PROFILE")) {
            return user;
        }
        String[] parts = sk.split("#");
        KeyPath post = user.then("post", Long.parseLong(parts[1]));
        return parts.length == 2 ? post : post.then("comment", Long.parseLong(parts[3]));
    }

    private static String expectedType(String sk) {
        if (sk.equals("PROFILE")) {
            return "User";
        }
        if (sk.startsWith("EVENT#")) {
            return "Event";
        }
        return sk.contains("#COMMENT#") ? "Comment" : "Post";
    }

    private static String digest(Map<String, AttributeValue> content) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha.digest(new TreeMap<>(content).toString()
                    .getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Process start(Path mappingFile, Path checkpointFile, Path output) throws Exception {
        return OwnJvm.start(output, MigrationProcess.class, engine.endpoint().toString(), source, target,
                mappingFile.toString(), checkpointFile.toString(), Integer.toString(SEGMENTS), "500",
                Double.toString(READ_BUDGET), Double.toString(WRITE_BUDGET), "40", "7");
    }
}
