package dev.keypath.test.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.dynamodb.WriteOutcomeUnknownException;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.faults.LostAnswerModel.Account;
import dev.keypath.test.faults.LostAnswerModel.Note;
import dev.keypath.test.faults.LostAnswerModel.Tally;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What each write reports, and what it leaves, when its first request meets each fault of the {@link FaultProxy}
 * and the SDK's standard retries resend it: the table of docs/FAULTS.md. A request that was not applied (a
 * throttle, a 5xx or a dropped request before the engine) is simply resent; one whose answer was lost after the
 * engine applied it is recognised, or reported as unknown, never applied twice.
 */
@KeyPathDynamoDb(types = {Account.class, Note.class, Tally.class})
class WritesUnderFaultsTest {
    @Injected
    private static TestDynamoDb engine;
    @Injected
    private static KeyPathTable plain;
    private static FaultProxy proxy;
    private static DynamoDbClient client;
    private static KeyPathTable table;

    @BeforeAll
    static void start() {
        proxy = FaultProxy.start(engine.endpoint(), FaultPlan.NONE);
        client = FaultyClients.sync(proxy, 4, Duration.ofSeconds(2));
        table = KeyPathTables.builder().client(client).tableName(plain.tableName()).register(LostAnswerModel.TYPES)
                .build();
    }

    @AfterAll
    static void stop() {
        client.close();
        proxy.close();
    }

    /** The first request of {@code operation} meets {@code fault}; the rest pass. */
    private static void firstMeets(Fault fault, String operation) {
        proxy.use(FaultPlan.builder().script(fault).delay(Duration.ofSeconds(3)).operations(operation).build());
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void aVersionedPutSucceedsOnceUnderEveryFault(Fault fault) {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        firstMeets(fault, "PutItem");
        Throwable e = catchThrowable(() -> table.put(a.withOwner("bob")));
        assertThat(e).isNull();
        assertThat(plain.get(Account.class, KeyPath.of("account", a.accountId())))
                .contains(new Account(a.accountId(), "bob", 0, 2L));
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void anIncrementIsResentOnlyWhenItSurelyWasNotApplied(Fault fault) {
        String name = UUID.randomUUID().toString();
        KeyPath path = KeyPath.of("tally", name);
        plain.put(new Tally(name, 0));
        firstMeets(fault, "UpdateItem");
        Throwable e = catchThrowable(() -> table.update(Tally.class, path, UpdateSpec.of(u -> u.increment("count", 1))));
        long count = plain.get(Tally.class, path).orElseThrow().count();
        if (fault == Fault.PASS || fault == Fault.THROTTLE) {
            assertThat(e).isNull();
            assertThat(count).isEqualTo(1);
        } else {
            assertThat(e).isInstanceOf(WriteOutcomeUnknownException.class);
            assertThat(count).as("applied once if forwarded, else not at all").isEqualTo(fault.forwarded() ? 1 : 0);
        }
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void aDeleteWithAnExpectedVersionIsUnknownOnlyWhenItsOwnAttemptMayHaveDeletedTheItem(Fault fault) {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        KeyPath path = KeyPath.of("account", a.accountId());
        firstMeets(fault, "DeleteItem");
        Throwable e = catchThrowable(() -> table.delete(DeleteItem.builder(Account.class, path).expectedVersion(1)
                .build()));
        boolean answerLost = fault == Fault.LOST_ANSWER || fault == Fault.ERROR_AFTER_APPLY
                || fault == Fault.DELAYED_ANSWER;
        if (answerLost) {
            assertThat(e).isInstanceOf(WriteOutcomeUnknownException.class).hasMessageContaining("may have deleted");
        } else {
            assertThat(e).isNull();
        }
        assertThat(plain.get(Account.class, path)).isEmpty();
    }

    @Test
    void aCreateOnlyPutThrottledFirstThenBeatenIsAConflict() {
        Note theirs = plain.put(new Note(UUID.randomUUID().toString(), "theirs"));
        firstMeets(Fault.THROTTLE, "PutItem");
        Throwable e = catchThrowable(() -> table.put(PutItem.of(new Note(theirs.noteId(), "mine"),
                p -> p.mode(PutMode.CREATE_ONLY))));
        assertThat(e).isExactlyInstanceOf(ConditionFailedException.class);
        assertThat(plain.get(Note.class, KeyPath.of("note", theirs.noteId()))).contains(theirs);
    }

    @Test
    void aCreateOnlyPutWhoseLostAttemptMayHaveBeenOverwrittenIsUnknown() {
        Note theirs = plain.put(new Note(UUID.randomUUID().toString(), "theirs"));
        firstMeets(Fault.ERROR, "PutItem");
        Throwable e = catchThrowable(() -> table.put(PutItem.of(new Note(theirs.noteId(), "mine"),
                p -> p.mode(PutMode.CREATE_ONLY))));
        assertThat(e).as("a 500 may come after the engine applied the put").isInstanceOf(
                WriteOutcomeUnknownException.class);
    }

    @Test
    void aVersionedPutThatLostItsAnswerAndFindsAnotherWritersVersionIsAConflict() {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        plain.put(a.withOwner("other"));
        firstMeets(Fault.LOST_ANSWER, "PutItem");
        Throwable e = catchThrowable(() -> table.put(a.withOwner("bob")));
        assertThat(e).isExactlyInstanceOf(VersionConflictException.class);
        assertThat(plain.get(Account.class, KeyPath.of("account", a.accountId())).orElseThrow().owner())
                .isEqualTo("other");
    }
}
