package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.test.TestDynamoDb;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * The migration of a table of over 10^5 items on DynamoDB Local, with throttling and unprocessed items injected:
 * the plan finds every entity, the items no entity matches and a deliberate collision; after the colliding item is
 * fixed, a run in another JVM is killed when its checkpoint shows about half the items written, and a second run
 * resumes it; nothing is lost or written twice, and the verification is clean.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KilledRunTest {
    static final SocialTable SOCIAL = new SocialTable(2000, 10, 4, 1000, 500);
    static final Map<String, AttributeValue> COLLIDING = Map.of("PK", SocialTable.s("USER#" + SocialTable.user(0)),
            "SK", SocialTable.s("POST#7"), "title", SocialTable.s("the same post 7, keyed without padding"));
    static final int SEGMENTS = 4;
    /** Budgets well above what the engine does here: the limiter runs, the engine sets the pace. */
    static final double READ_BUDGET = 5_000;
    static final double WRITE_BUDGET = 20_000;

    static TestDynamoDb engine;
    static String source;
    static String target;
    static MigrationMapping mapping;

    @TempDir
    static Path dir;

    @BeforeAll
    static void loadTheSource() throws Exception {
        engine = TestDynamoDb.get();
        source = SocialTable.uniqueTable("killed-source");
        target = SocialTable.uniqueTable("killed-target");
        SocialTable.createSource(engine.client(), source);
        SocialTable.createTarget(engine.client(), target);
        List<Map<String, AttributeValue>> items = new ArrayList<>(SOCIAL.items());
        items.add(COLLIDING);
        long start = System.nanoTime();
        SocialTable.load(engine.client(), source, items);
        System.out.printf("loaded %d source items in %.1f s%n", items.size(), (System.nanoTime() - start) / 1e9);
        mapping = MigrationMapping.parseJson(SocialTable.MAPPING_JSON);
    }

    @Test
    @Order(1)
    void thePlanCountsEachEntityTheUnmatchedItemsAndTheCollision() {
        MigrationPlan plan = Migration.builder().client(engine.client()).source(source).target(target)
                .mapping(mapping).segments(SEGMENTS).build().plan();
        System.out.print(plan.describe());
        assertThat(plan.scanned()).isEqualTo(SOCIAL.allItems() + 1).isGreaterThanOrEqualTo(100_000);
        assertThat(plan.entities()).extracting(MigrationPlan.EntityPlan::items).containsExactly(
                (long) SOCIAL.users, SOCIAL.users * 10L + 1, SOCIAL.users * 40L, (long) SOCIAL.events);
        assertThat(plan.unmatched()).isEqualTo(SOCIAL.legacy);
        assertThat(plan.unmatchedExamples()).allMatch(e -> e.startsWith("PK=LEGACY#"));
        assertThat(plan.collisions()).isEqualTo(1);
        MigrationPlan.Collision c = plan.collisionExamples().get(0);
        assertThat(c.keyPath()).isEqualTo("/user-" + SocialTable.user(0) + "/post-7");
        assertThat(List.of(c.first(), c.second())).anyMatch(k -> k.endsWith("SK=POST#7"))
                .anyMatch(k -> k.endsWith("SK=POST#000007"));
        long sourceKeyBytes = 0;
        for (Map<String, AttributeValue> item : SOCIAL.items()) {
            if (!item.get("PK").s().startsWith("LEGACY#")) {
                sourceKeyBytes += item.get("PK").s().length() + item.get("SK").s().length();
            }
        }
        sourceKeyBytes += COLLIDING.get("PK").s().length() + COLLIDING.get("SK").s().length();
        assertThat(plan.entities().stream().mapToLong(MigrationPlan.EntityPlan::sourceKeyBytes).sum())
                .isEqualTo(sourceKeyBytes);
        assertThat(plan.entities().stream().mapToLong(MigrationPlan.EntityPlan::targetKeyBytes).sum())
                .isPositive().isLessThan(sourceKeyBytes);
        assertThat(plan.writeUnits()).isEqualTo(plan.mapped());
        assertThat(plan.readUnits()).isPositive();
    }

    @Test
    @Order(2)
    void aRunKilledHalfwayResumesWithNothingLostOrDuplicated() throws Exception {
        engine.client().deleteItem(b -> b.tableName(source).key(Map.of("PK", COLLIDING.get("PK"),
                "SK", COLLIDING.get("SK"))));
        Path mappingFile = dir.resolve("mapping.json");
        Files.writeString(mappingFile, SocialTable.MAPPING_JSON, StandardCharsets.UTF_8);
        Path checkpointFile = dir.resolve("checkpoint.json");
        long mapped = SOCIAL.mappedItems();

        long start = System.nanoTime();
        Process first = start(mappingFile, checkpointFile, dir.resolve("first.out"));
        Checkpoint atKill = null;
        try {
            atKill = killHalfway(first, checkpointFile, mapped);
        } finally {
            first.destroyForcibly();
        }
        assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
        double firstSeconds = (System.nanoTime() - start) / 1e9;
        assertThat(atKill).as("the first run was killed before it finished").isNotNull();
        assertThat(atKill.done()).isFalse();
        long inTargetAtKill = SocialTable.count(engine.client(), target);
        assertThat(inTargetAtKill).isGreaterThanOrEqualTo(atKill.written()).isLessThan(mapped);

        long restart = System.nanoTime();
        Process second = start(mappingFile, checkpointFile, dir.resolve("second.out"));
        try {
            assertThat(second.waitFor(240, TimeUnit.SECONDS)).isTrue();
        } finally {
            second.destroyForcibly();
        }
        double secondSeconds = (System.nanoTime() - restart) / 1e9;
        String out = Files.readString(dir.resolve("second.out"));
        assertThat(second.exitValue()).as(out).isZero();
        Map<String, String> result = result(out);
        assertThat(result.get("resumed")).isEqualTo("true");
        assertThat(Long.parseLong(result.get("written"))).isEqualTo(mapped);
        assertThat(Long.parseLong(result.get("writtenNow"))).isEqualTo(mapped - atKill.written());
        assertThat(Long.parseLong(result.get("throttled"))).isPositive();
        assertThat(Long.parseLong(result.get("dropped"))).isPositive();
        double seconds = Long.parseLong(result.get("elapsedMs")) / 1000.0;
        assertThat(Double.parseDouble(result.get("writeUnits")) / seconds).isLessThanOrEqualTo(WRITE_BUDGET * 1.1);
        assertThat(Double.parseDouble(result.get("readUnits")) / seconds).isLessThanOrEqualTo(READ_BUDGET * 1.1);

        assertThat(SocialTable.count(engine.client(), target)).isEqualTo(mapped);
        long verifyStart = System.nanoTime();
        MigrationVerification check = Migration.builder().client(engine.client()).source(source).target(target)
                .mapping(mapping).segments(SEGMENTS).build().verify();
        System.out.print(check.describe());
        assertThat(check.clean()).as(check.describe()).isTrue();
        assertThat(check.mapped()).isEqualTo(mapped);
        assertThat(check.target()).isEqualTo(mapped);
        System.out.printf("first run killed at %d of %d written after %.1f s (%d in the target); second run %.1f s: "
                        + "%s; verify %.1f s%n", atKill.written(), mapped, firstSeconds, inTargetAtKill, secondSeconds,
                result, (System.nanoTime() - verifyStart) / 1e9);
    }

    /** Kills {@code run} once its checkpoint shows half the items written; that checkpoint, or null if it ended. */
    private static Checkpoint killHalfway(Process run, Path checkpointFile, long mapped) throws Exception {
        while (run.isAlive()) {
            if (Files.exists(checkpointFile)) {
                Checkpoint now = Checkpoint.fromJson(Files.readString(checkpointFile));
                if (now.written() >= mapped / 2) {
                    run.destroyForcibly();
                    return now;
                }
            }
            Thread.sleep(20);
        }
        return null;
    }

    private static Process start(Path mappingFile, Path checkpointFile, Path output) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-cp", System.getProperty("java.class.path"),
                MigrationProcess.class.getName(), engine.endpoint().toString(), source, target, mappingFile.toString(),
                checkpointFile.toString(), Integer.toString(SEGMENTS), "500", Double.toString(READ_BUDGET),
                Double.toString(WRITE_BUDGET), "40", "7");
        return new ProcessBuilder(command).redirectOutput(output.toFile())
                .redirectError(new File(output + ".err")).start();
    }

    private static Map<String, String> result(String out) {
        Map<String, String> values = new HashMap<>();
        out.lines().filter(l -> l.startsWith("RESULT ")).findFirst().ifPresent(l -> {
            for (String pair : l.substring(7).split(" ")) {
                int eq = pair.indexOf('=');
                values.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        });
        return values;
    }
}
