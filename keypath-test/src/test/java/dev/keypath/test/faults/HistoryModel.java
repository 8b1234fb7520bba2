package dev.keypath.test.faults;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.Version;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The items of the history run. Each write of the run leaves its operation id where the final table shows it, so
 * that the checker can tell which writes were applied, and how often:
 * <ul>
 *   <li>a {@link Register} lists, in order, every operation applied to it, and sums their amounts;</li>
 *   <li>a {@link Member} lists its operations too, and holds one e-mail address of a shared pool as a unique key
 *       path;</li>
 *   <li>a {@link Slip} (sequence id) names the operation that created it and the one that changed it last;</li>
 *   <li>a {@link Receipt} is written with its {@link Counter}'s increase in one transaction;</li>
 *   <li>a {@link Tally} is only incremented, without a version: the form that cannot be made exactly-once.</li>
 * </ul>
 */
final class HistoryModel {
    static final Class<?>[] TYPES = {Register.class, Member.class, Slip.class, Counter.class, Receipt.class,
        Tally.class};

    private HistoryModel() {
    }

    @ItemType(keyPath = "/register-{name}")
    record Register(String name, long value, List<String> ops, String lastRequest, @Version Long version) {
        Register next(String op, long amount) {
            List<String> more = new ArrayList<>(ops);
            more.add(op);
            return new Register(name, value + amount, more, op, version);
        }
    }

    @ItemType(keyPath = "/member-{memberId}")
    @UniqueKeyPath("/email-{email}")
    record Member(UUID memberId, String email, List<String> ops, @Version Long version) {
        Member movedTo(String address, String op) {
            List<String> more = new ArrayList<>(ops);
            more.add(op);
            return new Member(memberId, address, more, version);
        }
    }

    @ItemType(keyPath = "/book-{book}/slip-{slipId}")
    record Slip(String book, @AutoId(AutoId.Strategy.SEQUENCE) long slipId, String createdBy, String note,
                @Version Long version) {
    }

    @ItemType(keyPath = "/counter-{name}")
    record Counter(String name, long total) {
    }

    @ItemType(keyPath = "/receipt-{requestId}")
    record Receipt(String requestId, String counter, long amount) {
    }

    @ItemType(keyPath = "/tally-{name}")
    record Tally(String name, long count) {
    }
}
