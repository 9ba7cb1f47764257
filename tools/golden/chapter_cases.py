"""What the chapters' PyTorch reference scripts share: torch set up alike (one thread, float32),
the course's token vectors, and the writer of one case (its .npy arrays and reference.json)."""

import json
import shutil

import numpy as np
import torch

torch.set_num_threads(1)
torch.set_default_dtype(torch.float32)

JOURNEY = [
    [0.43, 0.15, 0.89],  # Your
    [0.55, 0.87, 0.66],  # journey
    [0.57, 0.85, 0.64],  # starts
    [0.22, 0.58, 0.33],  # with
    [0.77, 0.25, 0.10],  # one
    [0.05, 0.80, 0.55],  # step
]
HELLO = [
    [0.34, 0.22, 0.54],  # Hello
    [0.53, 0.34, 0.98],  # shiny
    [0.29, 0.54, 0.93],  # sun
]


class Case:
    """The folder out/name: arrays saved as little-endian float32, described in reference.json.
    fresh: the folder is emptied first (a case whose arrays may change names)."""

    def __init__(self, out, name, description, fresh=False):
        self.dir = out / name
        if fresh and self.dir.exists():
            shutil.rmtree(self.dir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.info = {"case": name, "description": description, "torch_version": torch.__version__,
                     "arrays": {}, "key_numbers": {}}

    def save(self, name, array, desc):
        a = np.ascontiguousarray(torch.as_tensor(array).detach().numpy().astype("<f4"))
        np.save(self.dir / (name + ".npy"), a)
        self.info["arrays"][name] = {"shape": list(a.shape), "desc": desc}

    def key(self, name, value):
        self.info["key_numbers"][name] = value

    def close(self):
        (self.dir / "reference.json").write_text(json.dumps(self.info, indent=1) + "\n")
