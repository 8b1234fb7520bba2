package dev.keypath.spring.sample;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Read-modify-write units over wallets, with a pause between the reads and the writes for interleaving tests. */
@Service
public class WalletService {
    private final WalletRepository wallets;

    public WalletService(WalletRepository wallets) {
        this.wallets = wallets;
    }

    /** Moves {@code amount} from one wallet to the other; {@code afterReads} runs between the reads and the writes. */
    @Transactional
    public void transfer(String from, String to, long amount, Runnable afterReads) {
        Wallet a = wallets.findById(Wallet.path(from)).orElseThrow();
        Wallet b = wallets.findById(Wallet.path(to)).orElseThrow();
        afterReads.run();
        wallets.save(a.plus(-amount));
        wallets.save(b.plus(amount));
    }

    /** Credits {@code to} with the balance of {@code source}, which it reads but does not write. */
    @Transactional
    public void creditFrom(String source, String to, Runnable afterReads) {
        long amount = wallets.findById(Wallet.path(source)).orElseThrow().balance();
        Wallet b = wallets.findById(Wallet.path(to)).orElseThrow();
        afterReads.run();
        wallets.save(b.plus(amount));
    }

    /** A read-only unit: its reads are plain reads, not recorded. */
    @Transactional(readOnly = true)
    public long total(String... owners) {
        long sum = 0;
        for (String o : owners) {
            sum += wallets.findById(Wallet.path(o)).map(Wallet::balance).orElse(0L);
        }
        return sum;
    }
}
