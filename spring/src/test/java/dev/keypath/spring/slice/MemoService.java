package dev.keypath.spring.slice;

import org.springframework.stereotype.Service;

/** A component of the application that a keypath slice does not start. */
@Service
public class MemoService {
    private final MemoRepository memos;

    public MemoService(MemoRepository memos) {
        this.memos = memos;
    }

    public int countOf(java.util.UUID ownerId) {
        return memos.findByOwnerId(ownerId).size();
    }
}
