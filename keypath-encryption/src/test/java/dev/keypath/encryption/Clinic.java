package dev.keypath.encryption;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Version;
import java.util.List;
import java.util.UUID;
import software.amazon.cryptography.dbencryptionsdk.structuredencryption.model.CryptoAction;
import software.amazon.cryptography.materialproviders.IKeyring;

/** The item types of the encryption tests: encrypted patients and visits, and plain memos in the same table. */
final class Clinic {
    /** The wrapping key of the tests' raw AES keyring; a constant, as a test's key may be. */
    static final byte[] KEY = new byte[32];

    static {
        for (int i = 0; i < KEY.length; i++) {
            KEY[i] = (byte) (i * 7 + 3);
        }
    }

    static final List<Class<?>> TYPES = List.of(Patient.class, Visit.class, Memo.class);

    private Clinic() {
    }

    static IKeyring keyring() {
        return Keyrings.rawAes("keypath-tests", "clinic-key", KEY);
    }

    static ItemEncryption encryption() {
        return ItemEncryption.builder().logicalTableName("clinic").keyring(keyring()).build();
    }

    /** A patient: name and diagnosis encrypted, the ward signed (an index reads it), a note left unsigned. */
    @ItemType(keyPath = "/patient-{id}")
    @EncryptedItem
    @SecondaryKeyPath(index = "byWard", keyPath = "/ward-{ward}/patient-{id}")
    record Patient(UUID id, String name, String diagnosis, @Crypto(CryptoAction.SIGN_ONLY) String ward,
                   @Crypto(CryptoAction.DO_NOTHING) String note, @Version Long version) {
        Patient withNote(String n) {
            return new Patient(id, name, diagnosis, ward, n, version);
        }
    }

    /** A visit of a patient: every field encrypted. */
    @ItemType(keyPath = "/patient-{patientId}/visit-{at}")
    @EncryptedItem
    record Visit(UUID patientId, long at, String summary, int minutes) {
    }

    /** A memo, stored as mapped beside the encrypted types. */
    @ItemType(keyPath = "/patient-{patientId}/memo-{n}")
    record Memo(UUID patientId, long n, String text) {
    }

    /** The name and ward of a patient. */
    record PatientName(String name, String ward) {
    }
}
