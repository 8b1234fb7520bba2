package dev.keypath.spring.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.spring.ConflictRetry;
import dev.keypath.spring.KeyPathReadConflictException;
import dev.keypath.spring.KeyPathTransactions;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.OptimisticLockingFailureException;

/**
 * A unit of work checks at commit that the items it read are unchanged: of two concurrent read-modify-write units,
 * one commits and the other fails with a translated, typed exception and writes nothing.
 */
@SpringBootTest(classes = TestApplication.class)
class ReadCheckedUnitsTest {
    @Autowired
    WalletService service;
    @Autowired
    WalletRepository wallets;
    @Autowired
    KeyPathTransactions tx;

    @Test
    void ofTwoInterleavedTransfersTheSecondToCommitFailsAndWritesNothing() throws Exception {
        String a = UUID.randomUUID().toString();
        String b = UUID.randomUUID().toString();
        wallets.save(new Wallet(a, 100));
        wallets.save(new Wallet(b, 100));
        CountDownLatch firstHasRead = new CountDownLatch(1);
        CountDownLatch secondCommitted = new CountDownLatch(1);
        CompletableFuture<Void> first = CompletableFuture.runAsync(() -> service.transfer(a, b, 10, () -> {
            firstHasRead.countDown();
            await(secondCommitted);
        }));
        assertThat(firstHasRead.await(30, TimeUnit.SECONDS)).isTrue();
        service.transfer(a, b, 30, () -> { });
        secondCommitted.countDown();

        assertThatThrownBy(() -> first.get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class).cause()
                .isInstanceOfSatisfying(KeyPathReadConflictException.class, e -> {
                    assertThat(e).isInstanceOf(OptimisticLockingFailureException.class);
                    assertThat(e.changedItems()).containsExactly(Wallet.path(a), Wallet.path(b));
                    assertThat(e.getMessage()).contains(Wallet.path(a).toString());
                });
        assertThat(wallets.findById(Wallet.path(a)).orElseThrow().balance()).isEqualTo(70);
        assertThat(wallets.findById(Wallet.path(b)).orElseThrow().balance()).isEqualTo(130);
    }

    @Test
    void anItemOnlyReadIsCheckedToo() throws Exception {
        String source = UUID.randomUUID().toString();
        String to = UUID.randomUUID().toString();
        wallets.save(new Wallet(source, 5));
        wallets.save(new Wallet(to, 0));
        assertThatThrownBy(() -> service.creditFrom(source, to,
                () -> CompletableFuture.runAsync(() -> wallets.save(new Wallet(source, 500))).join()))
                .isInstanceOfSatisfying(KeyPathReadConflictException.class,
                        e -> assertThat(e.changedItems()).containsExactly(Wallet.path(source)));
        assertThat(wallets.findById(Wallet.path(to)).orElseThrow().balance()).isZero();

        service.creditFrom(source, to, () -> { });
        assertThat(wallets.findById(Wallet.path(to)).orElseThrow().balance()).isEqualTo(500);
    }

    @Test
    void concurrentTransfersWithConflictRetryLoseNoUpdate() throws Exception {
        String a = UUID.randomUUID().toString();
        String b = UUID.randomUUID().toString();
        wallets.save(new Wallet(a, 1_000));
        wallets.save(new Wallet(b, 1_000));
        KeyPathTransactions retrying = tx.withConflictRetry(new ConflictRetry(200, java.time.Duration.ofMillis(2),
                java.time.Duration.ofMillis(100)));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<?>> all = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                all.add(pool.submit(() -> {
                    for (int i = 0; i < 3; i++) {
                        retrying.run(ops -> {
                            Wallet from = wallets.findById(Wallet.path(a)).orElseThrow();
                            Wallet into = wallets.findById(Wallet.path(b)).orElseThrow();
                            wallets.save(from.plus(-1));
                            wallets.save(into.plus(1));
                        });
                        done.incrementAndGet();
                    }
                }));
            }
            for (Future<?> f : all) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        long balanceA = wallets.findById(Wallet.path(a)).orElseThrow().balance();
        long balanceB = wallets.findById(Wallet.path(b)).orElseThrow().balance();
        assertThat(balanceA + balanceB).isEqualTo(2_000);
        assertThat(balanceB - 1_000).isEqualTo(done.get()).isEqualTo(24);
    }

    @Test
    void aUnitWithoutWritesSendsNoCheckAndAReadOnlyUnitReadsPlainly() {
        String a = UUID.randomUUID().toString();
        wallets.save(new Wallet(a, 7));
        List<Object> stored = tx.run(ops -> {
            assertThat(wallets.findById(Wallet.path(a))).isPresent();
            CompletableFuture.runAsync(() -> wallets.save(new Wallet(a, 8))).join(); // another thread, no unit
        });
        assertThat(stored).isEmpty();
        assertThat(service.total(a)).isEqualTo(8);
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the other unit did not commit");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
