package dev.keypath.migrate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Where a run keeps its {@link Checkpoint}. A run saves after every acknowledged page of every segment, one save at
 * a time; an application may keep it elsewhere (an item of its own table, say) by storing {@link
 * Checkpoint#toJson()}.
 */
public interface CheckpointStore {
    /** The saved checkpoint, if any. */
    Optional<Checkpoint> load();

    /** Replaces the saved checkpoint; when it returns, a crash keeps it. */
    void save(Checkpoint checkpoint);

    /**
     * A JSON file, replaced atomically on each save (written beside it, then moved over it), so a process killed
     * mid-save leaves the previous checkpoint whole.
     */
    static CheckpointStore file(Path file) {
        return new CheckpointStore() {
            @Override
            public Optional<Checkpoint> load() {
                if (!Files.exists(file)) {
                    return Optional.empty();
                }
                try {
                    return Optional.of(Checkpoint.fromJson(Files.readString(file, StandardCharsets.UTF_8)));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read checkpoint " + file, e);
                }
            }

            @Override
            public void save(Checkpoint checkpoint) {
                Path parent = file.toAbsolutePath().getParent();
                Path temp = parent.resolve(file.getFileName() + ".tmp");
                try {
                    Files.writeString(temp, checkpoint.toJson(), StandardCharsets.UTF_8);
                    try {
                        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    } catch (AtomicMoveNotSupportedException e) {
                        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot write checkpoint " + file, e);
                }
            }

            @Override
            public String toString() {
                return file.toString();
            }
        };
    }

    /** Kept in memory only: a run that stops starts over. */
    static CheckpointStore inMemory() {
        AtomicReference<Checkpoint> saved = new AtomicReference<>();
        return new CheckpointStore() {
            @Override
            public Optional<Checkpoint> load() {
                return Optional.ofNullable(saved.get());
            }

            @Override
            public void save(Checkpoint checkpoint) {
                saved.set(checkpoint);
            }
        };
    }
}
